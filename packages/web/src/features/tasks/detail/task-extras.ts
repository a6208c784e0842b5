/** Comments and attachments can be switched off on the server (`/info`); off until it has answered. */
import { useServerInfo } from '../../../app/server-info';

export function useTaskExtras(): { comments: boolean; attachments: boolean } {
  const info = useServerInfo();
  return { comments: info?.taskCommentsEnabled === true, attachments: info?.taskAttachmentsEnabled === true };
}
