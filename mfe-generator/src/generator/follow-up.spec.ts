import { FIXTURE_CATALOGUE } from '../testing/catalogue-fixture';
import { canFollowUp, extendChoices, followUpPerSecond, instructionIssue } from './follow-up';

describe('edit and extend rules', () => {
  it('extends by 4 to 10 s, never past 40 s in all', () => {
    expect(extendChoices(8)).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(extendChoices(32)).toEqual([4, 5, 6, 7, 8]);
    expect(extendChoices(36)).toEqual([4]);
    expect(extendChoices(37)).toEqual([]);
    expect(extendChoices(40)).toEqual([]);
  });

  it('edits and extends only finished Omni videos', () => {
    expect(canFollowUp({ model: 'omni', status: 'completed', result_url: '/v.mp4' })).toBe(true);
    expect(canFollowUp({ model: 'veo3', status: 'completed', result_url: '/v.mp4' })).toBe(false);
    expect(canFollowUp({ model: 'omni', status: 'processing', result_url: null })).toBe(false);
  });

  it("follows the catalogue: a newer model's video edits where its entry says so, at its own price", () => {
    const done = (model: string) => ({ model, status: 'completed' as const, result_url: '/v.mp4' });
    const catalogue = FIXTURE_CATALOGUE.map((model) => (model.id === 'omni-1.2' ? { ...model, edits: true } : model));
    expect(canFollowUp(done('omni-1.2'), catalogue)).toBe(true);
    expect(canFollowUp(done('kling-2.1-master'), catalogue)).toBe(false);
    expect(canFollowUp(done('omni-1.2'))).toBe(false);
    // The 360p draft's seconds cost its own price; a per-video model or an unknown one, Omni's.
    expect(followUpPerSecond({ model: 'omni-1.2', resolution: '360p' }, catalogue, 4)).toBe(2);
    expect(followUpPerSecond({ model: 'omni-1.2', resolution: '1080p' }, catalogue, 4)).toBe(4);
    expect(followUpPerSecond({ model: 'veo3', resolution: '720p' }, catalogue, 4)).toBe(4);
  });

  it('checks an instruction: not blank, at most 2,000 characters, and paid for', () => {
    expect(instructionIssue('   ', 16, 100)).toEqual({ key: 'errorEmptyInstruction' });
    expect(instructionIssue('x'.repeat(2001), 16, 100)?.key).toBe('errorInstructionTooLong');
    expect(instructionIssue('make it night', 16, 15)).toEqual({
      key: 'errorFollowUpCredits',
      vars: { cost: 16, credits: 15 },
    });
    expect(instructionIssue('make it night', 16, 16)).toBeNull();
  });
});
