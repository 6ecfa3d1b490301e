import { firstVideoEmailSent, NO_CHOICE, readyEmailFor } from './email-choice';

describe('the "ready" e-mail choice', () => {
  it('never chosen: the first finished video gets one, later videos none', () => {
    expect(readyEmailFor(NO_CHOICE, 'task-1')).toBe('first');
    const afterFirst = { emailReady: 'default' as const, firstReadyTaskId: 'task-1' };
    expect(readyEmailFor(afterFirst, 'task-2')).toBeNull();
    expect(firstVideoEmailSent(afterFirst)).toBe(true);
    expect(firstVideoEmailSent(NO_CHOICE)).toBe(false);
  });

  it('a retry for the first video keeps its e-mail', () => {
    expect(readyEmailFor({ emailReady: 'default', firstReadyTaskId: 'task-1' }, 'task-1')).toBe('first');
  });

  it('turned on: every video, whatever was sent before', () => {
    expect(readyEmailFor({ emailReady: 'on', firstReadyTaskId: null }, 'task-1')).toBe('every');
    expect(readyEmailFor({ emailReady: 'on', firstReadyTaskId: 'task-1' }, 'task-9')).toBe('every');
  });

  it('turned off (or unsubscribed): none, not even the first', () => {
    expect(readyEmailFor({ emailReady: 'off', firstReadyTaskId: null }, 'task-1')).toBeNull();
  });
});
