/**
 * Rich text for descriptions and comments: Mantine's tiptap editor with checklists (task lists,
 * nestable), links and the usual formatting. Saved text is shown without an editor
 * (rich-text-view.tsx).
 */
import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import TaskItem from '@tiptap/extension-task-item';
import TaskList from '@tiptap/extension-task-list';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useRef } from 'react';
import { mentionExtension } from './mentions/mention-extension';
import classes from './rich-text.module.css';

function extensions(mentionsIn?: number) {
  return [
    StarterKit.configure({ link: { openOnClick: false, autolink: true } }),
    TaskList,
    TaskItem.configure({ nested: true }),
    // Only an editor with a project suggests people; without one, mentions in the text still show.
    mentionExtension(mentionsIn),
  ];
}

/**
 * `editor` unless it has been destroyed. tiptap destroys an editor made during a render that was
 * not committed within a millisecond (a slow device) and makes a new one, which the next render
 * gets; until then, effects and callbacks of the first render hold the destroyed one.
 */
export function liveEditor(editor: Editor | null): Editor | null {
  return editor && !editor.isDestroyed ? editor : null;
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
    extensions: extensions(options.mentionsIn),
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
    <RichTextEditor editor={editor} variant="subtle" className={classes.frame}>
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
