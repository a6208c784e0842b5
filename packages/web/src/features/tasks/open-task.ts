/**
 * Opening a task detail over the current page (spec 2 §2): link to `/tasks/{id}` with this state.
 * Inside a task modal the original backdrop is kept, so related tasks open over the same page.
 *
 *   <Link to={`/tasks/${task.id}`} state={taskLinkState(location)}>
 */
import type { Location } from 'react-router';
import { type BackdropState, backdropOf } from '../../app/backdrop-state';

export function taskLinkState(location: Location): BackdropState {
  return { backdrop: backdropOf(location) ?? location };
}
