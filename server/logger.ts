type Level = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export type Logger = Record<Exclude<Level, 'silent'>, (message: string, fields?: Record<string, unknown>) => void>;

/** One JSON line per event on stderr, so operators can ship logs anywhere. */
export function createLogger(level: Level): Logger {
  const write = (at: Exclude<Level, 'silent'>) => (message: string, fields?: Record<string, unknown>) => {
    if (order[at] < order[level]) return;
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: at, message, ...fields })}\n`);
  };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
