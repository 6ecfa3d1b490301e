import { toVtt } from '@veo3/platform/media/use-captions-track';

describe('toVtt', () => {
  it('shows the prompt as one caption over the whole clip', () => {
    expect(toVtt('A toy car rolls', 8)).toBe('WEBVTT\n\n00:00.000 --> 00:08.000\nA toy car rolls\n');
  });

  it('keeps user text from being read as cue markup or a new cue', () => {
    expect(toVtt('Tom & <b>Jerry</b>\n\n--> run', 8)).toBe(
      'WEBVTT\n\n00:00.000 --> 00:08.000\nTom &amp; &lt;b&gt;Jerry&lt;/b&gt; --&gt; run\n',
    );
  });
});
