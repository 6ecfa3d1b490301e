// Test stand-in for ../editor/rich-text-editor (CKEditor does not run in jsdom); never bundled.
import type { RichTextEditorProps } from '../editor/rich-text-editor';

/** A textarea with the editor's contract: opens with `initialData`, reports each change as HTML. */
export default function FakeRichTextEditor({ initialData, onChange, describedBy }: RichTextEditorProps) {
  return (
    <textarea
      aria-label="Content"
      aria-required="true"
      aria-describedby={describedBy}
      defaultValue={initialData}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
