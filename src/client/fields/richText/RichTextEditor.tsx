/**
 * The one rich-text editor (ADR 1050, spec 02 §2.5): TipTap with an antd toolbar (bold, italic,
 * headings, lists, link, image, undo/redo), default height 700. Pasted and loaded HTML is cleaned
 * by the print-template rules (sanitizeRichHtml) before TipTap parses it, and what it emits is
 * cleaned again, so a value never holds what print would refuse. Images go to the file store
 * through uploadRichTextImage; its errors are the spec's texts. Import LazyRichTextEditor instead:
 * this module carries TipTap and is its own chunk.
 */
import { useEditor, EditorContent, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Divider, Input, Space, Tooltip } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { sanitizeRichHtml } from '../../print/sanitizePrintHtml';
import { uploadRichTextImage } from '../../api/richTextUpload';
import { StoredImage } from './storedImage';

/** Props of the editor; `value` is HTML. */
export interface RichTextEditorProps {
  value?: string | null;
  onChange?: (html: string | null) => void;
  /** Editing area height in px (spec 02 §2.5: 700). */
  height?: number;
  readOnly?: boolean;
  /** Formily's disabled state (disabledCon): shown, not editable. */
  disabled?: boolean;
  placeholder?: string;
  /** Upload address (tests point it elsewhere); the file store's by default. */
  uploadUrl?: string;
}

/** An empty document emits `<p></p>`: the field is empty then (spec 01 §5: empty becomes null). */
function emitted(editor: Editor): string | null {
  if (editor.isEmpty) return null;
  return sanitizeRichHtml(editor.getHTML());
}

function ToolButton({ title, active, onClick, children, disabled }: { title: string; active?: boolean; onClick: () => void; children: ReactNode; disabled?: boolean }) {
  return (
    <Tooltip title={title}>
      <Button size="small" type={active ? 'primary' : 'text'} aria-label={title} aria-pressed={active} onClick={onClick} disabled={disabled}>
        {children}
      </Button>
    </Tooltip>
  );
}

/** TipTap with the toolbar; controlled by `value` / `onChange`. */
export default function RichTextEditor({ value, onChange, height = 700, readOnly: readOnlyProp = false, disabled = false, placeholder, uploadUrl }: RichTextEditorProps) {
  const readOnly = readOnlyProp || disabled;
  const { message, modal } = App.useApp();
  const fileInput = useRef<HTMLInputElement>(null);
  const lastEmitted = useRef<string | null | undefined>(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https'] } }),
      StoredImage.configure({ inline: false }),
    ],
    content: sanitizeRichHtml(value ?? ''),
    editable: !readOnly,
    editorProps: {
      // Pasted HTML passes the print-template cleaner before ProseMirror sees it.
      transformPastedHTML: (html) => sanitizeRichHtml(html),
      attributes: { 'aria-label': placeholder ?? '富文本内容', class: 'fw-rich-text-content' },
    },
    onUpdate: ({ editor: e }) => {
      const html = emitted(e);
      lastEmitted.current = html;
      onChange?.(html);
    },
  });

  // A value set from outside (a loaded record, a reset) replaces the document; our own echo does not.
  useEffect(() => {
    if (!editor || value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(sanitizeRichHtml(value ?? ''), { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => { editor?.setEditable(!readOnly); }, [editor, readOnly]);

  const pickImage = async (file: File) => {
    try {
      const url = await uploadRichTextImage(file, file.name, uploadUrl);
      editor?.chain().focus().setImage({ src: url, alt: file.name }).run();
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  const setLink = () => {
    if (!editor) return;
    let href = (editor.getAttributes('link').href as string | undefined) ?? '';
    modal.confirm({
      title: '插入链接',
      content: <Input aria-label="链接地址" defaultValue={href} placeholder="https://" onChange={(e) => { href = e.target.value; }} />,
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        const chain = editor.chain().focus().extendMarkRange('link');
        if (!href.trim()) chain.unsetLink().run();
        else if (!/^https?:\/\//i.test(href.trim())) message.error('链接须以 http:// 或 https:// 开头');
        else chain.setLink({ href: href.trim() }).run();
      },
    });
  };

  const can = editor && !readOnly;
  return (
    <div className="fw-rich-text" style={{ border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff' }}>
      {!readOnly && (
        <Space size={2} wrap style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }} role="toolbar" aria-label="富文本工具栏">
          <ToolButton title="加粗" active={editor?.isActive('bold')} disabled={!can} onClick={() => editor?.chain().focus().toggleBold().run()}><b>B</b></ToolButton>
          <ToolButton title="斜体" active={editor?.isActive('italic')} disabled={!can} onClick={() => editor?.chain().focus().toggleItalic().run()}><i>I</i></ToolButton>
          <Divider type="vertical" />
          {([1, 2, 3] as const).map((level) => (
            <ToolButton key={level} title={`标题${level}`} active={editor?.isActive('heading', { level })} disabled={!can} onClick={() => editor?.chain().focus().toggleHeading({ level }).run()}>H{level}</ToolButton>
          ))}
          <Divider type="vertical" />
          <ToolButton title="无序列表" active={editor?.isActive('bulletList')} disabled={!can} onClick={() => editor?.chain().focus().toggleBulletList().run()}>• 列表</ToolButton>
          <ToolButton title="有序列表" active={editor?.isActive('orderedList')} disabled={!can} onClick={() => editor?.chain().focus().toggleOrderedList().run()}>1. 列表</ToolButton>
          <Divider type="vertical" />
          <ToolButton title="链接" active={editor?.isActive('link')} disabled={!can} onClick={setLink}>链接</ToolButton>
          <ToolButton title="图片" disabled={!can} onClick={() => fileInput.current?.click()}>图片</ToolButton>
          <Divider type="vertical" />
          <ToolButton title="撤销" disabled={!can || !editor?.can().undo()} onClick={() => editor?.chain().focus().undo().run()}>撤销</ToolButton>
          <ToolButton title="重做" disabled={!can || !editor?.can().redo()} onClick={() => editor?.chain().focus().redo().run()}>重做</ToolButton>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            aria-label="上传图片"
            style={{ display: 'none' }}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void pickImage(file);
            }}
          />
        </Space>
      )}
      <div className="fw-rich-text-area" style={{ height: readOnly ? undefined : height, overflow: 'auto', padding: '8px 12px' }} onClick={() => editor?.chain().focus().run()}>
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
