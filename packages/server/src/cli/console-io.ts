/** What a command may do with the terminal; tests pass their own. */
import { createInterface } from 'node:readline';

export interface CommandIo {
  print(line: string): void;
  /** Asks for a secret without echoing it; undefined when nobody is at a terminal. */
  askSecret?(question: string): Promise<string>;
}

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    let asked = false;
    // Show the question, then swallow the typed characters.
    output._writeToOutput = (s: string) => {
      if (!asked) {
        process.stdout.write(s);
        asked = true;
      }
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

export function consoleIo(): CommandIo {
  return {
    print: (line) => process.stdout.write(`${line}\n`),
    ...(process.stdin.isTTY && process.stdout.isTTY ? { askSecret: askHidden } : {}),
  };
}
