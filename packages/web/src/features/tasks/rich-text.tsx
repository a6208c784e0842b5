/**
 * Rich text for descriptions and comments: Mantine's tiptap editor with checklists (task lists,
 * nestable), links and the usual formatting. `RichTextView` shows saved HTML read-only, but lets
 * the user tick checklist items when `onToggleChecklist` is given.
 */
import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import TaskItem from '@tiptap/extension-task-item';
import TaskList from '@tiptap/extension-task-list';
import type { Node as ProseNode } from '@tiptap/pm/model';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type CSSProperties, useEffect, useRef } from 'react';
import { mentionExtension } from './mentions/mention-extension';
import classes from './rich-text.module.css';

function extensions(onReadOnlyChecked?: (node: ProseNode, checked: boolean) => boolean, mentionsIn?: number) {
  return [
    StarterKit.configure({ link: { openOnClick: false, autolink: true } }),
    TaskList,
    TaskItem.configure({ nested: true, onReadOnlyChecked }),
    // Read-only views render saved mentions too; only an editor with a project suggests people.
    mentionExtension(mentionsIn),
  ];
}

export function useRichTextEditor(
  initial: string,
  options: {
    onModSave?: () => void;
    label: string;
    /** The project whose people `@` suggests (descriptions and comments of its tasks). */
    mentionsIn?: number;
  },
) {
  const save = useRef(options.onModSave);
  save.current = options.onModSave;
  return useEditor({
    extensions: extensions(undefined, options.mentionsIn),
    content: initial,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { 'aria-label': options.label, role: 'textbox', 'aria-multiline': 'true' },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.code === 'KeyS') {
          event.preventDefault();
          save.current?.();
          return true;
        }
        return false;
      },
    },
  });
}

export function RichTextBox({ editor, minHeight = 120 }: { editor: Editor | null; minHeight?: number }) {
  return (
    <RichTextEditor editor={editor} variant="subtle">
      <RichTextEditor.Toolbar sticky stickyOffset={0}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.Code />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
          <RichTextEditor.Blockquote />
          <RichTextEditor.CodeBlock />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.TaskList />
          <RichTextEditor.TaskListSink />
          <RichTextEditor.TaskListLift />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={minHeight} className={classes.content} />
    </RichTextEditor>
  );
}

export function RichTextView({
  html,
  onToggleChecklist,
  label,
}: {
  html: string;
  onToggleChecklist?: (html: string) => void;
  label: string;
}) {
  const toggle = useRef(onToggleChecklist);
  toggle.current = onToggleChecklist;
  const editorRef = useRef<Editor | null>(null);
  const clicked = useRef<HTMLElement | null>(null);
  // A read-only editor only reports the click (with a stale node); the item is found from the
  // clicked checkbox and ticked here, which reports the changed description.
  const onChecked = (_node: ProseNode, checked: boolean): boolean => {
    const current = editorRef.current;
    const content = clicked.current?.closest('li')?.querySelector(':scope > div');
    if (!toggle.current || !current || current.isDestroyed || !content) return false;
    const $pos = current.state.doc.resolve(current.view.posAtDOM(content, 0));
    for (let depth = $pos.depth; depth > 0; depth--) {
      const item = $pos.node(depth);
      if (item.type.name !== 'taskItem') continue;
      current.view.dispatch(
        current.state.tr.setNodeMarkup($pos.before(depth), undefined, { ...item.attrs, checked }),
      );
      return true;
    }
    return false;
  };
  const editor = useEditor({
    extensions: extensions(onChecked),
    content: html,
    editable: false,
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-label': label } },
    onUpdate: ({ editor: e }) => toggle.current?.(e.getHTML()),
  });
  editorRef.current = editor;
  useEffect(() => {
    // A view hidden by Suspense and shown again (a lazy section loading beside it) has its editor
    // destroyed and made anew: the destroyed one, still in hand for a moment, has no schema left.
    if (editor && !editor.isDestroyed && editor.getHTML() !== html)
      editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);
  return (
    <div
      onClickCapture={(event) => {
        clicked.current = event.target as HTMLElement;
      }}
    >
      <RichTextEditor editor={editor} variant="subtle" withTypographyStyles styles={{ root: { border: 0 } }}>
        <RichTextEditor.Content
          className={classes.content}
          styles={{ root: { backgroundColor: 'transparent' } }}
          style={{ '--rte-content-padding': 0 } as CSSProperties}
        />
      </RichTextEditor>
    </div>
  );
}
