import type { AfterAnswer } from "@/lib/auth/login";

/** Stands in for next/server's after(): holds the tasks until the test says the answer has gone. */
export function afterTheAnswer() {
  const tasks: (() => Promise<void>)[] = [];
  const afterAnswer: AfterAnswer = (task) => void tasks.push(task);
  return {
    afterAnswer,
    tasks,
    run: async () => {
      for (const task of tasks.splice(0)) await task();
    },
  };
}
