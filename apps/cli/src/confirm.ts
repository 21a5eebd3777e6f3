// A yes/no question on the terminal. Only ever asked of a person: without a TTY the caller must
// have been told (--yes or named hosts), so scripts never hang on a prompt nobody sees.
import { createInterface } from "node:readline/promises";

export const canAsk = () => process.stdin.isTTY === true && process.stdout.isTTY === true;

export async function confirm(question: string): Promise<boolean> {
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = (await readline.question(`${question} [Y/n] `)).trim().toLowerCase();
    return answer === "" || answer === "y" || answer === "yes";
  } finally {
    readline.close();
  }
}
