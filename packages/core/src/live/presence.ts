/**
 * Presence: who else has a task or a board open. An Ordo extension of the live protocol, as the
 * change topics are (changes.ts); Vikunja's clients never send or hear it.
 *
 * A socket says where it is with the same frames it uses for topics, naming the project and the
 * place: `{"action":"subscribe","event":"project.presence","project_id":5,"place":"task:12"}`
 * (or `view:<id>` for a project view). The socket must hold the project's `project.changes`
 * subscription first (so losing access ends both at once), its user must still read the project,
 * and `unsubscribe` (or closing the socket) leaves. Everyone at a place hears who is there, each time
 * that changes: `{"event":"project.presence","data":{"project_id":5,"place":"task:12","users":[…]}}`,
 * the list holding every user present once (the listener included; a client leaves itself out).
 */

export const PRESENCE_TOPIC = 'project.presence';

const PLACE = /^(task|view):[1-9]\d{0,9}$/;

/** `task:<id>` or `view:<id>`. */
export function isPresencePlace(value: unknown): value is string {
  return typeof value === 'string' && PLACE.test(value);
}

export const presencePlace = {
  task: (taskId: number) => `task:${taskId}`,
  view: (viewId: number) => `view:${viewId}`,
};

export interface PresentUser {
  id: number;
  username: string;
  name: string;
}

export interface LivePresencePush {
  event: typeof PRESENCE_TOPIC;
  data: { project_id: number; place: string; users: PresentUser[] };
}

/** A presence push the server sent, or null for anything else. */
export function readPresencePush(text: string): LivePresencePush | null {
  try {
    const value = JSON.parse(text) as Partial<LivePresencePush> | null;
    const data = value?.data;
    if (
      value?.event === PRESENCE_TOPIC &&
      data &&
      Number.isInteger(data.project_id) &&
      isPresencePlace(data.place) &&
      Array.isArray(data.users)
    )
      return value as LivePresencePush;
  } catch {
    // Not JSON: not presence.
  }
  return null;
}

export const presenceAnswers = {
  entered: (projectId: number, place: string) => ({
    action: 'subscribe.success',
    event: PRESENCE_TOPIC,
    project_id: projectId,
    place,
  }),
  watchFirst: (projectId: number) => ({
    error: 'not_subscribed',
    event: PRESENCE_TOPIC,
    project_id: projectId,
    reason: 'Subscribe to project.changes of this project first.',
  }),
  invalidPlace: {
    error: 'invalid_place',
    event: PRESENCE_TOPIC,
    reason: 'place must be "task:<id>" or "view:<id>"',
  },
} as const;
