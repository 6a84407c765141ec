import { useLayoutEffect, useRef, useState, type ClipboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanContentHtml, isEditorLinkAllowed, textToHtml } from './contentHtml';
import { uploadContentImage } from './contentApi';
import { messageOf } from './Flash';

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The browser's editing commands on the area, each followed by reporting the area's (cleaned) HTML. */
function useCommands(area: RefObject<HTMLDivElement | null>, onChange: (html: string) => void) {
  const report = () => {
    if (area.current) onChange(cleanContentHtml(area.current.innerHTML));
  };
  const run = (command: string, arg?: string) => {
    area.current?.focus();
    document.execCommand('styleWithCSS', false, 'false');
    document.execCommand('defaultParagraphSeparator', false, 'p');
    document.execCommand(command, false, arg);
    report();
  };
  return { report, run, insertHtml: (html: string) => run('insertHTML', html) };
}

/**
 * An image chosen from disk: uploaded (POST /api/admin/content-images), then its url inserted where the caret
 * was when the button was pressed (the file dialog takes the focus, so the selection is kept aside).
 */
function useImageInsert(area: RefObject<HTMLDivElement | null>, insertHtml: (html: string) => void, setProblem: (p: string | null) => void) {
  const { t } = useTranslation('consoleContent');
  const fileInput = useRef<HTMLInputElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [uploading, setUploading] = useState(false);
  const choose = () => {
    const selection = window.getSelection();
    savedRange.current = selection && selection.rangeCount && area.current?.contains(selection.anchorNode) ? selection.getRangeAt(0).cloneRange() : null;
    fileInput.current?.click();
  };
  async function insert(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    setProblem(null);
    try {
      const { url } = await uploadContentImage(file);
      area.current?.focus();
      const selection = window.getSelection();
      if (savedRange.current && selection) {
        selection.removeAllRanges();
        selection.addRange(savedRange.current);
      }
      // After the selected text, never in its place: an upload that replaced what was selected would lose text.
      if (selection?.rangeCount && area.current?.contains(selection.anchorNode)) selection.collapseToEnd();
      insertHtml(`<img src="${escapeAttribute(url)}" alt="">`);
    } catch (e) {
      setProblem(t('upload.failed', { message: messageOf(e, '') }));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  }
  const input = (
    // Hidden: the toolbar's image button opens it (the .field rules would size a visually-hidden input to the page).
    <input ref={fileInput} type="file" hidden accept="image/jpeg,image/png,image/webp" onChange={(e) => void insert(e.target.files?.[0])} />
  );
  return { uploading, choose, input };
}

/**
 * A small rich-text editor of our own: a contenteditable area and a toolbar (headings, lists, link, image,
 * bold, italic) driven by the browser's editing commands. What it reports is already limited to CONTENT_HTML;
 * pasted HTML is cleaned to it and pasted text becomes paragraphs. Mount it once per text (key it by language).
 */
export function RichTextEditor({ label, value, onChange, testId }: { label: string; value: string; onChange(html: string): void; testId: string }) {
  const { t } = useTranslation('consoleContent');
  const area = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { report, run, insertHtml } = useCommands(area, onChange);
  const image = useImageInsert(area, insertHtml, setProblem);
  const initial = useRef(value);
  // The initial text only: afterwards the area holds the truth and reports it through onChange.
  useLayoutEffect(() => {
    if (area.current) area.current.innerHTML = cleanContentHtml(initial.current);
  }, []);

  function addLink() {
    const answer = window.prompt(t('editor.linkPrompt'), 'https://')?.trim();
    if (!answer || answer === 'https://') return;
    if (!isEditorLinkAllowed(answer)) return setProblem(t('invalid.linkScheme'));
    setProblem(null);
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed && area.current?.contains(selection.anchorNode)) run('createLink', answer);
    else insertHtml(`<a href="${escapeAttribute(answer)}">${escapeAttribute(answer)}</a>`);
  }
  function paste(e: ClipboardEvent<HTMLDivElement>) {
    e.preventDefault();
    const html = e.clipboardData.getData('text/html');
    const text = e.clipboardData.getData('text/plain');
    if (html) insertHtml(cleanContentHtml(html));
    else if (text.includes('\n')) insertHtml(textToHtml(text));
    else run('insertText', text);
  }

  const tools: { key: string; label: string; action(): void }[] = [
    { key: 'h2', label: t('editor.h2'), action: () => run('formatBlock', 'h2') },
    { key: 'h3', label: t('editor.h3'), action: () => run('formatBlock', 'h3') },
    { key: 'p', label: t('editor.paragraph'), action: () => run('formatBlock', 'p') },
    { key: 'bold', label: t('editor.bold'), action: () => run('bold') },
    { key: 'italic', label: t('editor.italic'), action: () => run('italic') },
    { key: 'ul', label: t('editor.bulleted'), action: () => run('insertUnorderedList') },
    { key: 'ol', label: t('editor.numbered'), action: () => run('insertOrderedList') },
    { key: 'link', label: t('editor.link'), action: addLink },
    { key: 'image', label: image.uploading ? t('editor.imageUploading') : t('editor.image'), action: image.choose },
  ];
  return (
    <div className="rte" data-testid={testId}>
      <div className="rte-toolbar" role="toolbar" aria-label={`${t('editor.toolbar')}: ${label}`}>
        {tools.map((tool) => (
          <button
            key={tool.key}
            type="button"
            className={`btn btn-small rte-${tool.key}`}
            data-tool={tool.key}
            disabled={tool.key === 'image' && image.uploading}
            // Keep the text selection: a click would otherwise move the focus to the button first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={tool.action}
          >
            {tool.label}
          </button>
        ))}
        {image.input}
      </div>
      <div
        ref={area}
        className="rte-area content-html"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        data-testid={`${testId}-area`}
        onInput={report}
        onBlur={report}
        onPaste={paste}
      />
      <small className="muted">{t('editor.pasteNote')}</small>
      {problem ? (
        <p className="field-error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
