/** Command-line words and `--name value` / `--name=value` options, without a dependency. */
export interface ParsedArguments {
  words: string[];
  options: Record<string, string | true>;
}

export class UsageError extends Error {}

export function parseArguments(argv: readonly string[]): ParsedArguments {
  const words: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) {
      options[arg.slice(2, eq)] = arg.slice(eq + 1);
      continue;
    }
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      options[arg.slice(2)] = next;
      i++;
    } else {
      options[arg.slice(2)] = true;
    }
  }
  return { words, options };
}

/** The value of a required `--name value` option. */
export function requiredOption(args: ParsedArguments, name: string): string {
  const value = args.options[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} <value> is required`);
  return value;
}

export function optionalOption(args: ParsedArguments, name: string): string | undefined {
  const value = args.options[name];
  if (value === true) throw new UsageError(`--${name} needs a value`);
  return value;
}
