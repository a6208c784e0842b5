/** Opens the task detail as a modal over the current view (the detail reads the backdrop state). */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { taskLinkState } from '../tasks/open-task';

export function useOpenTask() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (taskId: number) => navigate(`/tasks/${taskId}`, { state: taskLinkState(location) }),
    [navigate, location],
  );
}
