import { failureMessage, TASK_FAILURE_MESSAGES } from './task-failure';

describe('failureMessage', () => {
  it("tells an effect's owner of a refusal in terms of their photos and words, not a prompt", () => {
    const message = failureMessage('safety_blocked', true);
    expect(message).toMatch(/photos or words/);
    expect(message).not.toMatch(/prompt/i);
    expect(message).toMatch(/refunded/);
  });

  it('reads as before for a task not made from an effect, and for other failures', () => {
    expect(failureMessage('safety_blocked', false)).toBe(TASK_FAILURE_MESSAGES.safety_blocked);
    expect(failureMessage('timeout', true)).toBe(TASK_FAILURE_MESSAGES.timeout);
  });
});
