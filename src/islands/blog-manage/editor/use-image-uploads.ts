/**
 * Pictures pasted, dropped or picked into the article's Markdown: each holds its place at the
 * cursor while it uploads (with its progress), then becomes `![name](url)`; a refused or failed
 * one leaves a note. Uploads under way stop with the editor.
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type Dispatch,
  type DragEvent,
  type RefObject,
  type SetStateAction,
} from 'react';
import { uploadArticleImage } from '@/lib/api/blog-manage.ts';
import { readFailure, type Notice } from '@/lib/api/failure.ts';
import type { ArticleDraft } from '../article-draft.ts';
import {
  imageMarkdown,
  imageProblem,
  insertBlock,
  replacePlaceholder,
  uploadPlaceholder,
} from '../markdown-insert.ts';

export interface Upload {
  id: number;
  name: string;
  /** 0…1 while sending; null once refused or failed. */
  progress: number | null;
  /** Why it did not upload, and the server's reason when it failed there. */
  error: Notice | null;
  reason: Notice | null;
}

export function useImageUploads(
  textarea: RefObject<HTMLTextAreaElement | null>,
  draft: ArticleDraft,
  setDraft: Dispatch<SetStateAction<ArticleDraft>>,
) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const pendingCursor = useRef<number | null>(null);
  const nextUpload = useRef(1);
  const aborts = useRef(new Map<number, AbortController>());

  useEffect(() => {
    const running = aborts.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  // The cursor goes after text the editor inserted.
  useLayoutEffect(() => {
    const at = pendingCursor.current;
    const element = textarea.current;
    if (at === null || !element) return;
    pendingCursor.current = null;
    element.setSelectionRange(at, at);
  });

  const update = (id: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  const upload = (files: File[]) => {
    const element = textarea.current;
    let content = draftRef.current.content;
    let start = element?.selectionStart ?? content.length;
    let end = element?.selectionEnd ?? content.length;
    for (const file of files) {
      const id = nextUpload.current;
      nextUpload.current += 1;
      const trouble = imageProblem(file);
      if (trouble) {
        const key =
          trouble === 'type' ? 'blogManage.editor.imageType' : 'blogManage.editor.imageSize';
        const error: Notice = { key, vars: { name: file.name } };
        setUploads((list) => [
          ...list,
          { id, name: file.name, progress: null, error, reason: null },
        ]);
        continue;
      }
      const placeholder = uploadPlaceholder(file.name, id);
      const edited = insertBlock(content, start, end, placeholder);
      content = edited.value;
      start = end = edited.cursor;
      pendingCursor.current = edited.cursor;
      const controller = new AbortController();
      aborts.current.set(id, controller);
      setUploads((list) => [
        ...list,
        { id, name: file.name, progress: 0, error: null, reason: null },
      ]);
      uploadArticleImage(file, {
        fileName: file.name,
        signal: controller.signal,
        onProgress: ({ loaded: sent, total }) =>
          update(id, { progress: total > 0 ? sent / total : 0 }),
      }).then(
        (url) => {
          aborts.current.delete(id);
          setDraft((d) => ({
            ...d,
            content: replacePlaceholder(d.content, placeholder, imageMarkdown(file.name, url)),
          }));
          setUploads((list) => list.filter((u) => u.id !== id));
        },
        (error: unknown) => {
          aborts.current.delete(id);
          setDraft((d) => ({ ...d, content: replacePlaceholder(d.content, placeholder, '') }));
          update(id, {
            progress: null,
            error: { key: 'blogManage.editor.imageFailed', vars: { name: file.name } },
            reason: readFailure(error).notice,
          });
        },
      );
    }
    if (content !== draftRef.current.content) {
      const next = { ...draftRef.current, content };
      draftRef.current = next;
      setDraft(next);
    }
  };

  return {
    uploads,
    uploading: uploads.some((u) => u.progress !== null),
    dismiss: (id: number) => setUploads((list) => list.filter((u) => u.id !== id)),
    upload,
    dragging,
    // Files pasted or dropped are uploaded; anything but a supported picture is refused with a note.
    onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => {
      const files = Array.from(event.clipboardData.files);
      if (files.length === 0) return;
      event.preventDefault();
      upload(files);
    },
    onDragOver: (event: DragEvent<HTMLTextAreaElement>) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent<HTMLTextAreaElement>) => {
      setDragging(false);
      const files = Array.from(event.dataTransfer.files);
      if (files.length === 0) return;
      event.preventDefault();
      textarea.current?.focus();
      upload(files);
    },
  };
}
