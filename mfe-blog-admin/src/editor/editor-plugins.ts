import {
  FileRepository,
  Plugin,
  type DowncastInsertEvent,
  type ModelElement,
  type ModelItem,
  type TypingChangeBuffer,
  type UndoCommand,
} from 'ckeditor5';
import { ContentImageUploadAdapter } from './content-image-upload-adapter';
import { safeLinkHref } from './safe-link-href';

/** Images inside the content go to POST /api/blog/upload-image through the site's own adapter. */
export class BlogImageUpload extends Plugin {
  static get requires() {
    return [FileRepository] as const;
  }

  static get pluginName() {
    return 'BlogImageUpload' as const;
  }

  init(): void {
    this.editor.plugins.get(FileRepository).createUploadAdapter = (loader) => new ContentImageUploadAdapter(loader);
  }
}

/**
 * Link addresses are kept only for http, https, mailto and tel (SPEC §5); anything else becomes a
 * blank address. A model post-fixer sees every link however it arrives: typed in the link form,
 * pasted, auto-linked or loaded with an article, on text and on linked images alike.
 */
export class SafeLinks extends Plugin {
  static get pluginName() {
    return 'SafeLinks' as const;
  }

  init(): void {
    const model = this.editor.model;
    model.document.registerPostFixer((writer) => {
      const unsafe: ModelItem[] = [];
      const inspect = (item: ModelItem) => {
        const href = item.getAttribute('linkHref');
        if (typeof href === 'string' && safeLinkHref(href) !== href) unsafe.push(item);
      };
      for (const change of model.document.differ.getChanges()) {
        if (change.type === 'insert') {
          const range = writer.createRange(change.position, change.position.getShiftedBy(change.length));
          for (const item of range.getItems()) inspect(item);
        } else if (change.type === 'attribute' && change.attributeKey === 'linkHref') {
          for (const item of change.range.getItems({ shallow: true })) inspect(item);
        }
      }
      for (const item of unsafe) {
        writer.setAttribute('linkHref', safeLinkHref(item.getAttribute('linkHref') as string), item);
      }
      return unsafe.length > 0;
    });
  }
}

/** What every image in an article gets (SPEC §5): full width, at most 800 px, natural height. */
export const CONTENT_IMAGE_STYLE = { width: '100%', 'max-width': '800px', height: 'auto' } as const;

/**
 * Writes `style="width:100%;max-width:800px;height:auto"` on each `<img>` of the content (the server's
 * sanitizer keeps exactly these on img). The editing view gets it too, so the editor shows what readers will see;
 * a resized image keeps its width on the surrounding figure (ImageResize), which the img then fills.
 */
export class ContentImageStyle extends Plugin {
  static get pluginName() {
    return 'ContentImageStyle' as const;
  }

  init(): void {
    const editor = this.editor;
    editor.conversion.for('downcast').add((dispatcher) => {
      for (const name of ['imageBlock', 'imageInline']) {
        dispatcher.on<DowncastInsertEvent<ModelElement>>(
          `insert:${name}`,
          (_event, data, api) => {
            const view = api.mapper.toViewElement(data.item);
            if (!view) return;
            const img = view.is('element', 'img') ? view : editor.plugins.get('ImageUtils').findViewImgElement(view);
            if (img) api.writer.setStyle({ ...CONTENT_IMAGE_STYLE }, img);
          },
          { priority: 'low' },
        );
      }
    });
  }
}

/** SPEC §2 'Undo history: delay 1000 ms, at most 100 entries'. */
export const UNDO_DELAY_MS = 1000;
export const UNDO_MAX_ENTRIES = 100;

/**
 * CKEditor's undo has no time window and no size limit: it groups typing by character count
 * (`typing.undoStep`) and keeps every step. This plugin adds both: typing starts a new undo step once
 * the current one is a second old, and only the newest 100 steps are kept. Both reach into
 * CKEditor internals (the typing buffer's reset, the undo stack), so each checks they exist and
 * otherwise leaves CKEditor's own behaviour in place.
 */
export class UndoHistoryLimits extends Plugin {
  static get pluginName() {
    return 'UndoHistoryLimits' as const;
  }

  init(): void {
    const editor = this.editor;
    for (const name of ['undo', 'redo'] as const) {
      const command = editor.commands.get(name) as (UndoCommand & { _stack?: unknown[] }) | undefined;
      if (!command || typeof command.addBatch !== 'function') continue;
      const addBatch = command.addBatch.bind(command);
      command.addBatch = (batch) => {
        addBatch(batch);
        // oxlint-disable-next-line no-underscore-dangle -- CKEditor's undo stack has no public way to limit it
        const stack = command._stack;
        if (Array.isArray(stack) && stack.length > UNDO_MAX_ENTRIES) stack.splice(0, stack.length - UNDO_MAX_ENTRIES);
      };
    }

    for (const name of ['insertText', 'delete', 'deleteForward']) {
      const command = editor.commands.get(name);
      // `_reset` is private in TypingChangeBuffer's type: seen through a structural view of the buffer.
      const buffer = (command as { buffer?: TypingChangeBuffer } | undefined)?.buffer as unknown as
        { batch: unknown; _reset?: (ignoreLock: boolean) => void } | undefined;
      // oxlint-disable-next-line no-underscore-dangle -- the typing buffer has no public way to close a step
      if (!command || !buffer || typeof buffer._reset !== 'function') continue;
      let current: unknown = null;
      let startedAt = 0;
      // Before the change: a step a second old is closed, so this keystroke opens the next one.
      command.on(
        'execute',
        () => {
          if (buffer.batch && buffer.batch === current && Date.now() - startedAt >= UNDO_DELAY_MS) {
            // oxlint-disable-next-line no-underscore-dangle -- see above
            buffer._reset!(true);
          }
        },
        { priority: 'highest' },
      );
      // After it: note when the step this change went into began.
      command.on(
        'execute',
        () => {
          if (buffer.batch !== current) {
            current = buffer.batch;
            startedAt = Date.now();
          }
        },
        { priority: 'lowest' },
      );
    }
  }
}
