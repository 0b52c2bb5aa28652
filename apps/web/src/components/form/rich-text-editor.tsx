import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { controlClasses } from './field.tsx';

/**
 * The rich-text editor (Tiptap 3 on ProseMirror), loaded only by `RichTextField` through
 * `React.lazy`, so neither it nor ProseMirror is in any chunk until a form with rich text opens.
 * Only what the server's allow-list keeps can be made (ADR 0006): paragraphs, headings 2 and 3,
 * bold, italic, underline, lists, quotes and links; the server sanitises again anyway.
 */

export interface RichTextEditorProps {
  /** The editable region's id: the error summary's link focuses it. */
  id: string;
  /** The id of the visible label (`aria-labelledby`: a `<label for>` cannot name a region). */
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** The HTML the field holds; '' when empty. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
}

/** Links the server keeps: http(s), mailto, or a path on this site. */
const SAFE_HREF = /^(?:https?:\/\/\S+|mailto:\S+|\/(?![/\\])\S*)$/i;
export const BAD_LINK = 'Alamat tautan harus diawali https://, http://, mailto: atau /.';

function attributes(
  props: Pick<RichTextEditorProps, 'id' | 'labelledBy' | 'describedBy' | 'invalid'>,
) {
  return {
    id: props.id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': props.labelledBy,
    ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
    ...(props.invalid ? { 'aria-invalid': 'true' } : {}),
    class: controlClasses(!!props.invalid, 'rich-text h-72 w-full overflow-y-auto'),
  };
}

/**
 * The value of the editor: '' when empty, else its HTML without the empty paragraph the editor
 * keeps after a closing heading or list (so there is always a line to click into).
 */
function htmlOf(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, '');
}

export default function RichTextEditor(props: RichTextEditorProps) {
  const { value, onChange, onBlur } = props;
  const changed = useRef(onChange);
  const blurred = useRef(onBlur);
  useLayoutEffect(() => {
    changed.current = onChange;
    blurred.current = onBlur;
  });

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        strike: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer', target: null },
          isAllowedUri: (url) => SAFE_HREF.test(url),
        },
      }),
    ],
    content: value,
    editorProps: { attributes: attributes(props) },
    onUpdate: ({ editor: e }) => changed.current(htmlOf(e)),
    onBlur: () => blurred.current?.(),
  });

  // The error and hint ids change after a submit; the region's attributes follow.
  const { id, labelledBy, describedBy, invalid } = props;
  // (useEditor may hand over an editor it has destroyed, then a new one: skip the dead one.)
  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.setOptions({
      editorProps: { attributes: attributes({ id, labelledBy, describedBy, invalid }) },
    });
  }, [editor, id, labelledBy, describedBy, invalid]);

  // A value set from outside (the form reset) replaces the content; typing never gets here.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const current = htmlOf(editor);
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div>
      <Toolbar editor={editor} controls={id} />
      <EditorContent editor={editor} />
    </div>
  );
}

interface ToolState {
  bold: boolean;
  italic: boolean;
  h2: boolean;
  h3: boolean;
  bullet: boolean;
  ordered: boolean;
  link: boolean;
}

/**
 * The APG toolbar: one tab stop, ← → Home End move between the buttons, each a toggle with
 * `aria-pressed`. The link button opens a small panel for the address.
 */
function Toolbar({ editor, controls }: { editor: Editor; controls: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }): ToolState => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
    }),
  });
  const [linking, setLinking] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const bar = useRef<HTMLDivElement>(null);

  const tools: { label: string; glyph: ReactNode; active: boolean; run: () => void }[] = [
    {
      label: 'Tebal',
      glyph: <b>B</b>,
      active: state.bold,
      run: () => editor.chain().focus().toggleBold().run(),
    },
    {
      label: 'Miring',
      glyph: <i>I</i>,
      active: state.italic,
      run: () => editor.chain().focus().toggleItalic().run(),
    },
    {
      label: 'Judul bagian',
      glyph: 'H2',
      active: state.h2,
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Subjudul',
      glyph: 'H3',
      active: state.h3,
      run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      label: 'Daftar berpoin',
      glyph: '•',
      active: state.bullet,
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      label: 'Daftar bernomor',
      glyph: '1.',
      active: state.ordered,
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    {
      label: 'Tautan',
      glyph: <span className="underline">Tautan</span>,
      active: state.link,
      run: () => setLinking((open) => !open),
    },
  ];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: focusIndex + 1,
      ArrowLeft: focusIndex - 1,
      Home: 0,
      End: tools.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = (next + tools.length) % tools.length;
    setFocusIndex(index);
    bar.current?.querySelectorAll('button')[index]?.focus();
  }

  return (
    <>
      <div
        ref={bar}
        role="toolbar"
        aria-label="Format teks"
        aria-controls={controls}
        onKeyDown={onKeyDown}
        className="mb-1 flex flex-wrap gap-1 rounded-md border-2 border-slate-600 bg-slate-50 p-1"
      >
        {tools.map((tool, index) => (
          <button
            key={tool.label}
            type="button"
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={tool.active}
            tabIndex={index === focusIndex ? 0 : -1}
            onFocus={() => setFocusIndex(index)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={tool.run}
            className={`h-11 rounded-md px-3 font-semibold ${
              tool.active ? 'bg-brand-800 text-white' : 'text-slate-900 hover:bg-slate-100'
            }`}
          >
            {tool.glyph}
          </button>
        ))}
      </div>
      {linking && (
        <LinkPanel
          editor={editor}
          initial={(editor.getAttributes('link').href as string | undefined) ?? ''}
          onClose={() => {
            setLinking(false);
            editor.commands.focus();
          }}
        />
      )}
    </>
  );
}

/** The address of a link: set on the selected text, or removed. No nested form (Enter sets). */
function LinkPanel({
  editor,
  initial,
  onClose,
}: {
  editor: Editor;
  initial: string;
  onClose: () => void;
}) {
  const inputId = useId();
  const [href, setHref] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  function apply() {
    const address = href.trim();
    if (!SAFE_HREF.test(address)) {
      setError(BAD_LINK);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      chain
        .insertContent({
          type: 'text',
          text: address,
          marks: [{ type: 'link', attrs: { href: address } }],
        })
        .run();
    } else {
      chain.setLink({ href: address }).run();
    }
    onClose();
  }

  const button = 'min-h-11 rounded-md px-3 font-semibold';
  return (
    <div className="mb-1 rounded-md border-2 border-slate-600 bg-white p-3">
      <label htmlFor={inputId} className="block font-semibold text-slate-900">
        Alamat tautan
      </label>
      <p id={`${inputId}-hint`} className="text-sm text-slate-700">
        Contoh: https://kemendagri.go.id atau /about
      </p>
      {error && (
        <p id={`${inputId}-error`} className="mt-1 font-semibold text-red-700">
          <span className="sr-only">Kesalahan:</span> {error}
        </p>
      )}
      <input
        ref={input}
        id={inputId}
        type="url"
        value={href}
        spellCheck={false}
        aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setHref(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          }
        }}
        className={controlClasses(!!error, 'mt-1 w-full max-w-md')}
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" onClick={apply} className={`${button} bg-brand-800 text-white`}>
          Pasang tautan
        </button>
        {initial !== '' && (
          <button
            type="button"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
            className={`${button} border-2 border-slate-600 text-slate-900`}
          >
            Hapus tautan
          </button>
        )}
        <button type="button" onClick={onClose} className={`${button} text-brand-800 underline`}>
          Batal
        </button>
      </div>
    </div>
  );
}
