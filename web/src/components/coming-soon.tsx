import { BookOpen, Check, Hammer, type LucideIcon } from 'lucide-react';
import { Badge } from './ui/badge';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { PageHeader } from './ui/page-header';

type ComingSoonProps = {
  title: string;
  summary: string;
  icon: LucideIcon;
  /** What the finished page will let people do, in their words. */
  planned: string[];
  /** What already works today through the API, if anything. */
  meanwhile?: string;
};

/** The honest page for a section that is not built yet: says so, and says what will come. */
export function ComingSoon({ title, summary, icon: Icon, planned, meanwhile }: ComingSoonProps) {
  return (
    <>
      <PageHeader title={title} description={summary} />
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-8 p-8 md:flex-row md:items-start">
          <div className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-accent-50 text-accent-600 ring-1 ring-accent-100">
            <Icon className="size-7" aria-hidden />
          </div>
          <div className="min-w-0 flex-1 space-y-5">
            <div className="space-y-2">
              <Badge tone="warning">
                <Hammer className="size-3" aria-hidden />
                Coming soon
              </Badge>
              <h2 className="text-lg font-semibold text-zinc-900">The {title.toLowerCase()} page is not built yet</h2>
              <p className="max-w-2xl text-sm leading-relaxed text-zinc-600">
                This page is a placeholder. Nothing here is hidden or broken: the {title.toLowerCase()} screens are the next pieces of work.
                When they arrive, this page will let you:
              </p>
            </div>
            <ul className="grid gap-2.5 sm:grid-cols-2">
              {planned.map((item) => (
                <li key={item} className="flex items-start gap-2.5 text-sm text-zinc-700">
                  <Check className="mt-0.5 size-4 shrink-0 text-accent-600" aria-hidden />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
            {meanwhile ? (
              <div className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-zinc-50 p-4 sm:flex-row sm:items-center sm:justify-between">
                <p className="text-sm text-zinc-600">{meanwhile}</p>
                <Button asChild variant="secondary" size="sm">
                  <a href="/docs">
                    <BookOpen className="size-4" aria-hidden />
                    API reference
                  </a>
                </Button>
              </div>
            ) : null}
          </div>
        </div>
      </Card>
    </>
  );
}
