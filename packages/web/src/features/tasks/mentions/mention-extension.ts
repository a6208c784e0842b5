/**
 * `@` mentions in descriptions and comments: typing `@` and part of a name lists the people who can
 * see the project; picking one writes `@username` as a mention (the server notifies that user,
 * reference §4.14, and keeps the mention's span when it cleans the HTML).
 */
import Mention from '@tiptap/extension-mention';
import { ReactRenderer } from '@tiptap/react';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import type { User } from '../../../api/types';
import { searchProjectUsers } from '../../../api/users';
import { MentionList, type MentionListHandle } from './mention-list';

const MAX_PEOPLE = 8;
const GAP = 4;

/** Places the list under the `@` (above it when there is no room below), fixed to the window. */
function place(element: HTMLElement, rect: DOMRect | null | undefined) {
  if (!rect) return;
  const height = element.offsetHeight;
  const below = rect.bottom + GAP + height <= window.innerHeight;
  element.style.top = `${below ? rect.bottom + GAP : Math.max(GAP, rect.top - GAP - height)}px`;
  const width = element.offsetWidth;
  element.style.left = `${Math.max(GAP, Math.min(rect.left, window.innerWidth - width - GAP))}px`;
}

type Props = SuggestionProps<User, { id: string; label: string }>;

/** The mention node; with a project, `@` suggests its people (without, saved mentions only show). */
export function mentionExtension(projectId?: number) {
  return Mention.configure({
    HTMLAttributes: { class: 'mention' },
    suggestion: {
      char: '@',
      allow: () => projectId !== undefined,
      items: async ({ query }) =>
        projectId === undefined ? [] : (await searchProjectUsers(projectId, query)).slice(0, MAX_PEOPLE),
      command: ({ editor, range, props }) => {
        // The mention and a space after it, so typing goes on as text.
        editor
          .chain()
          .focus()
          .insertContentAt(range, [
            { type: 'mention', attrs: props },
            { type: 'text', text: ' ' },
          ])
          .run();
      },
      render: () => {
        let renderer: ReactRenderer<MentionListHandle> | null = null;
        const propsOf = (props: Props) => ({
          items: props.items,
          loading: props.loading ?? false,
          command: (user: User) => props.command({ id: user.username, label: user.username }),
        });
        return {
          onStart(props: Props) {
            renderer = new ReactRenderer(MentionList, { props: propsOf(props), editor: props.editor });
            const element = renderer.element as HTMLElement;
            element.style.position = 'fixed';
            element.style.zIndex = '400';
            document.body.appendChild(element);
            requestAnimationFrame(() => place(element, props.clientRect?.()));
          },
          onUpdate(props: Props) {
            renderer?.updateProps(propsOf(props));
            const element = renderer?.element as HTMLElement | undefined;
            if (element) requestAnimationFrame(() => place(element, props.clientRect?.()));
          },
          onKeyDown({ event }: SuggestionKeyDownProps) {
            if (event.key === 'Escape') {
              renderer?.destroy();
              renderer?.element.remove();
              renderer = null;
              return true;
            }
            return renderer?.ref?.onKeyDown(event) ?? false;
          },
          onExit() {
            renderer?.destroy();
            renderer?.element.remove();
            renderer = null;
          },
        };
      },
    },
  });
}
