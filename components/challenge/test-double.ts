import { CHALLENGE_HEADER } from "@/lib/challenge/challenge-format";

/**
 * For component tests of the forms: use-challenge.ts with a challenge that is always solved, so a form's
 * test sees its own calls only (components/challenge/use-challenge.test.tsx tests the real hook):
 *
 *   jest.mock("@/components/challenge/use-challenge", () => jest.requireActual("@/components/challenge/test-double").solvedChallengeModule());
 */
export const SOLVED_CHALLENGE = { [CHALLENGE_HEADER]: "solved-in-test" };

export function solvedChallengeModule() {
  return {
    ...jest.requireActual("@/components/challenge/use-challenge"),
    useChallenge: () => ({ status: "ready", take: async () => SOLVED_CHALLENGE }),
  };
}
