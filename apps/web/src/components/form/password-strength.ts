/**
 * The password strength estimate behind the hint (issue 25.5): zxcvbn-ts with its common and
 * Indonesian dictionaries and Indonesian feedback, plus the server's own refusals (a common
 * password, one built from the person's data) so the hint says beforehand what the server would
 * answer. Several hundred kB: only ever loaded by `import()` from password-hint.tsx, once a new
 * password is typed, never in the first load.
 */
import { COMMON_PASSWORD_COUNT, passwordProblem, type PasswordOwner } from '@balai/domain';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as indonesian from '@zxcvbn-ts/language-id';

export interface Strength {
  /** 0 (guessed at once) to 4 (very hard to guess), zxcvbn's score. */
  score: 0 | 1 | 2 | 3 | 4;
  /** What the server would refuse it for, word for word; null when it takes it. */
  refusal: string | null;
  /** zxcvbn's warning and suggestions, in Indonesian. */
  warning: string | null;
  suggestions: string[];
}

const zxcvbn = new ZxcvbnFactory({
  translations: indonesian.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...indonesian.dictionary },
});

const mostCommon = new Set(
  common.dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()),
);

/** The person's data as zxcvbn's user inputs: each word of the name, the NIK, the e-mail… */
function userInputs(owner: PasswordOwner): string[] {
  return [owner.name, owner.email, owner.nik, owner.kk_number, owner.birth_date]
    .filter((v): v is string => typeof v === 'string' && v.length > 0)
    .flatMap((v) => [v, ...v.split(/[\s@._-]+/)])
    .filter((v) => v.length >= 3);
}

export function estimateStrength(password: string, owner: PasswordOwner): Strength {
  const refusal = passwordProblem(password, owner, (p) => mostCommon.has(p));
  const result = zxcvbn.check(password, userInputs(owner));
  return {
    // A password the server refuses is never shown as strong.
    score: refusal ? 0 : result.score,
    refusal,
    warning: result.feedback.warning,
    suggestions: result.feedback.suggestions,
  };
}
