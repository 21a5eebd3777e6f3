// Yes/no questions on the terminal. Only ever asked of a person: without a TTY the caller must have
// been told (--yes or named hosts), so scripts never hang on a prompt nobody sees. One readline for
// all the questions, read through its async iterator so answers typed ahead are queued, not lost;
// end of input (Ctrl+D) means "no" to the rest.
import { createInterface } from "node:readline";

export const canAsk = () => process.stdin.isTTY === true && process.stdout.isTTY === true;

export async function confirmEach(questions: readonly string[]): Promise<boolean[]> {
  const readline = createInterface({ input: process.stdin, output: process.stdout });
  const lines = readline[Symbol.asyncIterator]();
  const answers: boolean[] = [];
  try {
    for (const question of questions) {
      readline.setPrompt(`${question} [Y/n] `);
      readline.prompt();
      const next = await lines.next();
      const answer = next.done ? "n" : String(next.value).trim().toLowerCase();
      answers.push(answer === "" || answer === "y" || answer === "yes");
    }
  } finally {
    readline.close();
  }
  return answers;
}
