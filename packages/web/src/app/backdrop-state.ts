/**
 * The location a modal route renders over (spec 2 §2). A link that opens a task as a modal passes
 * `state: { backdrop: location }`; BackdropOutlet keeps rendering that page underneath.
 */
import type { Location } from 'react-router';

export interface BackdropState {
  backdrop?: Location;
}

export function backdropOf(location: Location): Location | undefined {
  return (location.state as BackdropState | null)?.backdrop;
}
