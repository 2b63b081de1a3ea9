/** The words for what is wrong with a draft before it is sent (article-draft.ts). */
import type { MessageKey } from '@/lib/i18n/index.ts';
import type { DraftProblem } from '../article-draft.ts';

type ProblemName = DraftProblem extends infer P
  ? P extends { field: infer F extends string; reason: infer R extends string }
    ? `${F}.${R}`
    : never
  : never;

const PROBLEM_KEY: Record<ProblemName, MessageKey> = {
  'title.required': 'blogManage.editor.problem.titleRequired',
  'title.tooLong': 'blogManage.editor.problem.titleTooLong',
  'categoryId.required': 'blogManage.editor.problem.categoryRequired',
  'publishAt.required': 'blogManage.editor.problem.publishAtRequired',
  'publishAt.past': 'blogManage.editor.problem.publishAtPast',
  'content.tooLong': 'blogManage.editor.problem.contentTooLong',
  'summary.tooLong': 'blogManage.editor.problem.summaryTooLong',
};

export function problemKey(problem: DraftProblem): MessageKey {
  return PROBLEM_KEY[`${problem.field}.${problem.reason}` as ProblemName];
}

/** The problem's words when it is about `field`, else null. */
export function problemOf(
  problem: DraftProblem | null,
  field: DraftProblem['field'],
): MessageKey | null {
  return problem?.field === field ? problemKey(problem) : null;
}
