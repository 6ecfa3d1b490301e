import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { inlineVideoStream, withoutInlineData } from './inline-video-extractor';

/** Bytes whose base64 holds many `/` and `+`, which JSON encoders may escape. */
const video = Buffer.from(Array.from({ length: 90 }, (_, i) => (i % 3 === 0 ? 0xff : (i * 37) % 256)));
const echoedInput = Buffer.from('the parent video we sent');

/** An interaction as the Gemini API answers it: our input echoed back first, then the model's video. */
function interactionJson(escape: (base64: string) => string): string {
  return (
    '{"id":"v1_abc","status":"completed","steps":[' +
    `{"type":"user_input","content":[{"type":"text","text":"make it \\"night\\" \\u00e9"},` +
    `{"type":"video","mime_type":"video/mp4","data":"${echoedInput.toString('base64')}"}]},` +
    '{"type":"thought","signature":"c2ln"},' +
    `{"type":"model_output","content":[{"type":"video","mime_type":"video/mp4","data":"${escape(video.toString('base64'))}"}]}` +
    '],"usage":{"total_tokens":5792}}'
  );
}

const escapings: [string, (base64: string) => string][] = [
  ['plain', (b) => b],
  ['with \\/ and \\u escapes', (b) => b.replaceAll('/', '\\/').replaceAll('+', '\\u002B').replaceAll('=', '\\u003d')],
];

async function run(stream: NodeJS.ReadWriteStream, chunks: Buffer[]): Promise<Buffer> {
  const out: Buffer[] = [];
  await pipeline(Readable.from(chunks), stream, async (source: AsyncIterable<Buffer | string>) => {
    for await (const chunk of source) out.push(Buffer.from(chunk));
  });
  return Buffer.concat(out);
}

/** The document cut in two at every byte, and in runs of single bytes. */
function splits(text: string): Buffer[][] {
  const bytes = Buffer.from(text);
  const cuts: Buffer[][] = [];
  for (let at = 1; at < bytes.length; at++) cuts.push([bytes.subarray(0, at), bytes.subarray(at)]);
  cuts.push([...bytes].map((b) => Buffer.from([b])));
  return cuts;
}

describe('inline video streams', () => {
  it.each(escapings)('decodes the output video (%s), wherever the chunks are cut', async (_name, escape) => {
    for (const chunks of splits(interactionJson(escape))) {
      expect(
        (
          await run(
            inlineVideoStream(() => new Error('no video')),
            chunks,
          )
        ).equals(video),
      ).toBe(true);
    }
  });

  it.each(escapings)(
    'empties every data string and keeps the rest (%s), wherever the chunks are cut',
    async (_name, escape) => {
      const expected = JSON.parse(interactionJson(escape));
      expected.steps[0].content[1].data = '';
      expected.steps[2].content[0].data = '';
      for (const chunks of splits(interactionJson(escape))) {
        expect(JSON.parse((await run(withoutInlineData(), chunks)).toString())).toEqual(expected);
      }
    },
  );

  it('fails when the document holds no output video (only our input echoed back)', async () => {
    const text = JSON.stringify({
      id: 'v1_abc',
      status: 'completed',
      input: [{ type: 'video', mime_type: 'video/mp4', data: echoedInput.toString('base64') }],
      steps: [{ type: 'model_output', content: [{ type: 'text', text: 'I cannot make that.' }] }],
    });
    await expect(
      run(
        inlineVideoStream(() => new Error('no video')),
        [Buffer.from(text)],
      ),
    ).rejects.toThrow('no video');
  });

  it('fails on a document cut off inside the video', async () => {
    const text = interactionJson((b) => b);
    const cut = Buffer.from(text.slice(0, text.indexOf('model_output') + 80));
    await expect(
      run(
        inlineVideoStream(() => new Error('no video')),
        [cut],
      ),
    ).rejects.toThrow('no video');
  });

  it('takes a top-level output_video too', async () => {
    const text = JSON.stringify({ output_video: { type: 'video', data: video.toString('base64') } });
    expect(
      (await buffer(Readable.from([Buffer.from(text)]).pipe(inlineVideoStream(() => new Error('none'))))).equals(video),
    ).toBe(true);
  });
});
