import { DRAFT_TTL_MS, keepDraft, takeDraft } from '@veo3/platform/session/draft-store';

describe('draft store', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => jest.useRealTimers());

  it('gives back what was kept, once', () => {
    expect(keepDraft('generator', { prompt: 'A fox in snow', aspectRatio: '9:16' })).toBe(true);
    expect(takeDraft('generator')).toEqual({ prompt: 'A fox in snow', aspectRatio: '9:16' });
    expect(takeDraft('generator')).toBeNull();
  });

  it('keeps drafts of different pages apart, and a later draft replaces an earlier one', () => {
    keepDraft('generator', { prompt: 'first' });
    keepDraft('generator', { prompt: 'second' });
    keepDraft('pricing', { kind: 'pack', id: 'starter' });
    expect(takeDraft('pricing')).toEqual({ kind: 'pack', id: 'starter' });
    expect(takeDraft('generator')).toEqual({ prompt: 'second' });
  });

  it('drops a draft older than an hour', () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
    keepDraft('generator', { prompt: 'old' });
    jest.setSystemTime(new Date(Date.now() + DRAFT_TTL_MS + 1));
    expect(takeDraft('generator')).toBeNull();
  });

  it('treats an unreadable stored value as no draft, and removes it', () => {
    sessionStorage.setItem('draft:generator', '{not json');
    expect(takeDraft('generator')).toBeNull();
    expect(sessionStorage.getItem('draft:generator')).toBeNull();
  });

  it('reports a draft it could not keep (storage full) without throwing', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(keepDraft('generator', { prompt: 'x' })).toBe(false);
    setItem.mockRestore();
    expect(takeDraft('generator')).toBeNull();
  });
});
