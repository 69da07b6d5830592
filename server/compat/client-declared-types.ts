import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

/**
 * Checks answers (and webhook events) against the types the published `bundlesocial` client
 * declares, with the TypeScript compiler: each value becomes a type literal (`"POSTED"`, `12`,
 * `null`, tuples, object types) and is assigned to the client's declared type. Extra fields are
 * allowed (a client ignores them); a missing required field, a null where the client declares a
 * value, or a value outside a declared enum is an error, as it is for the client's users.
 */
export type DeclaredTypeSample = {
  /** What is checked, for the error message: `team.teamGetTeam`. */
  label: string;
  /** A type expression over the client's exports: `TeamGetTeamResponse`, `Extract<WebhookEvent, { type: 'team.created' }>`. */
  type: string;
  value: unknown;
};

const require = createRequire(import.meta.url);
const clientTypes = require.resolve('bundlesocial').replace(/index\.js$/, 'index.d.ts');
const ROOT = path.join(path.dirname(clientTypes), '__declared_type_samples__.ts');

function literalType(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(literalType).join(', ')}]`;
  if (typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .map(([key, field]) => `${JSON.stringify(key)}: ${literalType(field)};`);
    return `{ ${fields.join(' ')} }`;
  }
  return 'never';
}

/** Every sample that does not fit its declared type, with the compiler's explanation. */
export function declaredTypeMismatches(samples: DeclaredTypeSample[]): string[] {
  // A round trip through JSON: what a client receives over the wire.
  const lines = [`import type * as Client from './index';`];
  samples.forEach((sample, index) => {
    const type = sample.type.replace(/\b([A-Z]\w*(Response|Event|Data))\b/g, 'Client.$1');
    lines.push(`declare const value${index}: ${literalType(JSON.parse(JSON.stringify(sample.value ?? null)))};`);
    lines.push(`export const sample${index}: ${type} = value${index};`);
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    noErrorTruncation: true,
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    path.resolve(fileName) === ROOT ? ts.createSourceFile(fileName, source, languageVersion, true) : getSourceFile(fileName, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => path.resolve(fileName) === ROOT || fileExists(fileName);
  const program = ts.createProgram([ROOT], options, host);
  const file = program.getSourceFile(ROOT)!;
  return ts.getPreEmitDiagnostics(program, file).map((diagnostic) => {
    const line = diagnostic.start === undefined ? -1 : file.getLineAndCharacterOfPosition(diagnostic.start).line;
    const index = Math.floor((line - 1) / 2);
    const sample = samples[index];
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    return `${sample ? `${sample.label} (${sample.type})` : 'harness'}: ${message.slice(0, 1500)}`;
  });
}
