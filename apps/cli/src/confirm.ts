// Questions on the terminal. Only ever asked of a person: without a TTY the caller must have been told
// (--yes or named hosts), so scripts never hang on a prompt nobody sees. One yes/no: a readline, read
// through its async iterator so an answer typed ahead is queued, not lost; end of input (Ctrl+D) means
// "no". Several choices at once: @clack/prompts' multi-select (space toggles, enter takes them).
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

/** The items the person keeps (all ticked to start with); none when they cancel (Ctrl+C, Esc). */
export async function chooseSome<T>(message: string, items: readonly { value: T; label: string; hint?: string }[]): Promise<T[]> {
  const { multiselect, isCancel } = await import("@clack/prompts");
  const keys = items.map((_, index) => String(index));
  const chosen = await multiselect<string>({
    message,
    options: items.map((item, index) => ({ value: keys[index]!, label: item.label, ...(item.hint ? { hint: item.hint } : {}) })),
    initialValues: keys,
    required: false,
  });
  return isCancel(chosen) ? [] : items.filter((_, index) => chosen.includes(keys[index]!)).map((item) => item.value);
}
