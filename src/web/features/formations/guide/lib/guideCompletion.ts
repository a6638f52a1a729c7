/** The guide's last step: whether the company is formed, and what the customer tells us. */
export interface GuideAnswer {
  isFormationComplete: boolean | null;
  state: string;
  reason: string;
  difficulties: string;
  issues: string;
}

export const NO_ANSWER: GuideAnswer = {
  isFormationComplete: null,
  state: '',
  reason: '',
  difficulties: '',
  issues: '',
};

/** What POST /api/formations/me/guide-completion receives: only what the answer asks for, trimmed. */
export function completionBody(answer: GuideAnswer) {
  const complete = answer.isFormationComplete;
  return {
    isFormationComplete: complete,
    state: complete ? answer.state || null : null,
    reason: complete === false ? answer.reason.trim() || null : null,
    difficulties: answer.difficulties.trim() || null,
    issues: answer.issues.trim() || null,
  };
}
