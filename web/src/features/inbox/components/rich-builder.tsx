import { ChevronRight, Plus, Trash2 } from 'lucide-react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';
import type { CarouselCard, MessageButton, QuickReply } from '../lib/inbox-types';
import { MESSAGE_LIMITS, type ContentProblem } from '../lib/message-rules';

export type RichKind = 'quickReplies' | 'buttons' | 'carousel';
export type RichDraft = { quickReplies: QuickReply[]; buttons: MessageButton[]; cards: CarouselCard[] };
export const EMPTY_RICH: RichDraft = { quickReplies: [], buttons: [], cards: [] };

type Problems = (path: string) => string | undefined;

/**
 * Which fields the person has typed in or left: a field's problem shows only then, so opening the
 * builder or adding an empty row is not met with errors. `advanced` unfolds the payload fields.
 */
type BuilderState = { touched: (path: string) => boolean; touch: (path: string) => void; advanced: boolean };
const BuilderStateContext = createContext<BuilderState>({ touched: () => true, touch: () => {}, advanced: true });

function Field({
  label,
  value,
  max,
  onChange,
  error,
  placeholder,
  path,
}: {
  label: string;
  value: string;
  max?: number;
  onChange: (v: string) => void;
  error?: string;
  placeholder?: string;
  /** The field's place in the message content, the key of its touched state. */
  path: string;
}) {
  const { touched, touch } = useContext(BuilderStateContext);
  const shownError = touched(path) ? error : undefined;
  const used = [...value].length;
  return (
    <label className="block min-w-0 flex-1 space-y-0.5">
      <span className="flex justify-between text-[11px] text-zinc-500">
        {label}
        {max ? (
          <span className={cn(used > max && 'font-semibold text-red-600')}>
            {used}/{max}
          </span>
        ) : null}
      </span>
      <Input
        value={value}
        onChange={(e) => {
          touch(path);
          onChange(e.target.value);
        }}
        onBlur={() => touch(path)}
        aria-label={label}
        aria-invalid={!!shownError}
        placeholder={placeholder}
        className="h-8 text-sm"
      />
      {shownError ? <span className="block text-[11px] text-red-600">{shownError}</span> : null}
    </label>
  );
}

function Rows({
  title,
  count,
  max,
  onAdd,
  addLabel,
  children,
  note,
}: {
  title: string;
  count: number;
  max: number;
  onAdd: () => void;
  addLabel: string;
  children: ReactNode;
  note?: ReactNode;
}) {
  return (
    <section aria-label={title} className="space-y-2">
      <header className="flex items-center justify-between">
        <h4 className="text-xs font-semibold text-zinc-700">
          {title}{' '}
          <span className="font-normal text-zinc-400">
            {count}/{max}
          </span>
        </h4>
        <Button type="button" variant="ghost" size="sm" onClick={onAdd} disabled={count >= max}>
          <Plus className="size-3.5" aria-hidden />
          {addLabel}
        </Button>
      </header>
      {note}
      {children}
    </section>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button type="button" variant="danger-ghost" size="icon" aria-label={label} onClick={onClick} className="mt-4 shrink-0">
      <Trash2 className="size-3.5" aria-hidden />
    </Button>
  );
}

function ButtonEditor({
  button,
  index,
  path,
  platform,
  problem,
  onChange,
  onRemove,
}: {
  button: MessageButton;
  index: number;
  path: string;
  platform: string;
  problem: Problems;
  onChange: (b: MessageButton) => void;
  onRemove: () => void;
}) {
  const at = `${path}.${index}`;
  const { advanced } = useContext(BuilderStateContext);
  const setType = (type: MessageButton['type']) =>
    onChange(
      type === 'URL'
        ? { type, label: button.label, url: 'https://' }
        : type === 'PHONE'
          ? { type, label: button.label, phoneNumber: '' }
          : { type, label: button.label, payload: '' },
    );
  return (
    <div className="flex items-start gap-2">
      <label className="shrink-0 space-y-0.5">
        <span className="block text-[11px] text-zinc-500">Type</span>
        <NativeSelect
          value={button.type}
          onChange={(e) => setType(e.target.value as MessageButton['type'])}
          aria-label={`Button ${index + 1} type`}
          className="h-8 text-sm"
        >
          <option value="POSTBACK">Postback</option>
          <option value="URL">Link</option>
          <option value="PHONE" disabled={platform === 'INSTAGRAM'}>
            Phone{platform === 'INSTAGRAM' ? ' (not on Instagram)' : ''}
          </option>
        </NativeSelect>
        {problem(`${at}.type`) ? <span className="block text-[11px] text-red-600">{problem(`${at}.type`)}</span> : null}
      </label>
      <Field
        label={`Button ${index + 1} label`}
        path={`${at}.label`}
        value={button.label}
        max={MESSAGE_LIMITS.label}
        error={problem(`${at}.label`)}
        onChange={(label) => onChange({ ...button, label })}
      />
      {button.type === 'URL' ? (
        <Field label="Link" path={`${at}.url`} value={button.url} error={problem(`${at}.url`)} onChange={(url) => onChange({ ...button, url })} />
      ) : null}
      {button.type === 'POSTBACK' && advanced ? (
        <Field
          label="Payload"
          path={`${at}.payload`}
          value={button.payload}
          placeholder="Defaults to the label"
          error={problem(`${at}.payload`)}
          onChange={(payload) => onChange({ ...button, payload })}
        />
      ) : null}
      {button.type === 'PHONE' ? (
        <Field
          label="Phone number"
          path={`${at}.phoneNumber`}
          value={button.phoneNumber}
          error={problem(`${at}.phoneNumber`)}
          onChange={(phoneNumber) => onChange({ ...button, phoneNumber })}
        />
      ) : null}
      <RemoveButton label={`Remove button ${index + 1}`} onClick={onRemove} />
    </div>
  );
}

function ButtonsEditor({
  buttons,
  path,
  max,
  platform,
  problem,
  onChange,
}: {
  buttons: MessageButton[];
  path: string;
  max: number;
  platform: string;
  problem: Problems;
  onChange: (b: MessageButton[]) => void;
}) {
  return (
    <Rows
      title="Buttons"
      count={buttons.length}
      max={max}
      addLabel="Add button"
      onAdd={() => onChange([...buttons, { type: 'POSTBACK', label: '', payload: '' }])}
    >
      {buttons.map((button, index) => (
        <ButtonEditor
          key={index}
          button={button}
          index={index}
          path={path}
          platform={platform}
          problem={problem}
          onChange={(next) => onChange(buttons.map((b, i) => (i === index ? next : b)))}
          onRemove={() => onChange(buttons.filter((_, i) => i !== index))}
        />
      ))}
    </Rows>
  );
}

type BuilderProps = { kind: RichKind; draft: RichDraft; platform: string; problems: ContentProblem[]; onChange: (draft: RichDraft) => void };

/** The editor of one kind of rich content; every rule of the spec shows at its field while typing. */
export function RichBuilder({ kind, draft, platform, problems, onChange }: BuilderProps) {
  const problem: Problems = (path) => problems.find((p) => p.path === path)?.message;
  const [touchedPaths, setTouchedPaths] = useState<ReadonlySet<string>>(new Set());
  const [advanced, setAdvanced] = useState(false);
  const touch = useCallback((path: string) => setTouchedPaths((paths) => (paths.has(path) ? paths : new Set(paths).add(path))), []);
  const state = useMemo(() => ({ touched: (path: string) => touchedPaths.has(path), touch, advanced }), [touchedPaths, touch, advanced]);
  // The list's own rule ("Quick replies need text") waits until something in the builder was typed.
  const listProblem = touchedPaths.size > 0 ? (kind === 'carousel' ? problem('carousel.cards') : problem(kind)) : undefined;
  const hasPayloads = kind !== 'carousel' || draft.cards.some((card) => card.buttons?.some((button) => button.type === 'POSTBACK'));
  return (
    <BuilderStateContext.Provider value={state}>
      <div className="max-h-72 space-y-3 overflow-y-auto rounded-lg border border-zinc-200 bg-zinc-50/60 p-3">
        {listProblem ? <p className="text-xs text-red-600">{listProblem}</p> : null}
        {kind === 'quickReplies' ? (
          <Rows
            title="Quick replies"
            count={draft.quickReplies.length}
            max={MESSAGE_LIMITS.quickReplies}
            addLabel="Add quick reply"
            onAdd={() => onChange({ ...draft, quickReplies: [...draft.quickReplies, { label: '', payload: '' }] })}
          >
            {draft.quickReplies.map((reply, index) => (
              <div key={index} className="flex items-start gap-2">
                <Field
                  label={`Quick reply ${index + 1} label`}
                  path={`quickReplies.${index}.label`}
                  value={reply.label}
                  max={MESSAGE_LIMITS.label}
                  error={problem(`quickReplies.${index}.label`)}
                  onChange={(label) => onChange({ ...draft, quickReplies: draft.quickReplies.map((r, i) => (i === index ? { ...r, label } : r)) })}
                />
                {advanced ? (
                  <Field
                    label="Payload"
                    path={`quickReplies.${index}.payload`}
                    value={reply.payload}
                    placeholder="Defaults to the label"
                    error={problem(`quickReplies.${index}.payload`)}
                    onChange={(payload) => onChange({ ...draft, quickReplies: draft.quickReplies.map((r, i) => (i === index ? { ...r, payload } : r)) })}
                  />
                ) : null}
                <RemoveButton
                  label={`Remove quick reply ${index + 1}`}
                  onClick={() => onChange({ ...draft, quickReplies: draft.quickReplies.filter((_, i) => i !== index) })}
                />
              </div>
            ))}
          </Rows>
        ) : null}
        {kind === 'buttons' ? (
          <ButtonsEditor
            buttons={draft.buttons}
            path="buttons"
            max={MESSAGE_LIMITS.buttons}
            platform={platform}
            problem={problem}
            onChange={(buttons) => onChange({ ...draft, buttons })}
          />
        ) : null}
        {kind === 'carousel' ? (
          <Rows
            title="Cards"
            count={draft.cards.length}
            max={MESSAGE_LIMITS.cards}
            addLabel="Add card"
            onAdd={() => onChange({ ...draft, cards: [...draft.cards, { title: '', subtitle: '', imageUrl: '', buttons: [] }] })}
          >
            {draft.cards.map((card, index) => {
              const at = `carousel.cards.${index}`;
              const set = (change: Partial<CarouselCard>) => onChange({ ...draft, cards: draft.cards.map((c, i) => (i === index ? { ...c, ...change } : c)) });
              return (
                <fieldset key={index} className="space-y-2 rounded-md border border-zinc-200 bg-white p-2.5">
                  <legend className="px-1 text-[11px] font-semibold text-zinc-600">Card {index + 1}</legend>
                  <div className="flex items-start gap-2">
                    <Field
                      label={`Card ${index + 1} title`}
                      path={`${at}.title`}
                      value={card.title}
                      max={MESSAGE_LIMITS.title}
                      error={problem(`${at}.title`)}
                      onChange={(title) => set({ title })}
                    />
                    <RemoveButton label={`Remove card ${index + 1}`} onClick={() => onChange({ ...draft, cards: draft.cards.filter((_, i) => i !== index) })} />
                  </div>
                  <div className="flex gap-2">
                    <Field
                      label="Subtitle"
                      path={`${at}.subtitle`}
                      value={card.subtitle ?? ''}
                      max={MESSAGE_LIMITS.title}
                      error={problem(`${at}.subtitle`)}
                      onChange={(subtitle) => set({ subtitle })}
                    />
                    <Field
                      label="Image URL"
                      path={`${at}.imageUrl`}
                      value={card.imageUrl ?? ''}
                      placeholder="https://…"
                      error={problem(`${at}.imageUrl`)}
                      onChange={(imageUrl) => set({ imageUrl })}
                    />
                  </div>
                  <ButtonsEditor
                    buttons={card.buttons ?? []}
                    path={`${at}.buttons`}
                    max={MESSAGE_LIMITS.cardButtons}
                    platform={platform}
                    problem={problem}
                    onChange={(buttons) => set({ buttons })}
                  />
                </fieldset>
              );
            })}
          </Rows>
        ) : null}
        {hasPayloads ? (
          <button
            type="button"
            aria-expanded={advanced}
            onClick={() => setAdvanced((open) => !open)}
            className="flex items-center gap-1 text-[11px] font-medium text-zinc-500 hover:text-zinc-800"
          >
            <ChevronRight className={cn('size-3 transition-transform', advanced && 'rotate-90')} aria-hidden />
            Advanced: payloads sent back to your webhook
          </button>
        ) : null}
      </div>
    </BuilderStateContext.Provider>
  );
}

/** A postback's payload is what the webhook receives when the button is tapped: the label unless the person set one. */
const withPayloads = (buttons: MessageButton[]) =>
  buttons.map((button) => (button.type === 'POSTBACK' ? { ...button, payload: button.payload.trim() || button.label } : button));

/** The draft as message content: only the kind chosen, empty optional fields dropped. */
export function richContent(kind: RichKind | null, draft: RichDraft) {
  if (kind === 'quickReplies') return { quickReplies: draft.quickReplies.map((r) => ({ label: r.label, payload: r.payload.trim() || r.label })) };
  if (kind === 'buttons') return { buttons: withPayloads(draft.buttons) };
  if (kind === 'carousel') {
    return {
      carousel: {
        cards: draft.cards.map((card) => ({
          title: card.title,
          ...(card.subtitle?.trim() ? { subtitle: card.subtitle } : {}),
          ...(card.imageUrl?.trim() ? { imageUrl: card.imageUrl } : {}),
          ...(card.buttons?.length ? { buttons: withPayloads(card.buttons) } : {}),
        })),
      },
    };
  }
  return {};
}
