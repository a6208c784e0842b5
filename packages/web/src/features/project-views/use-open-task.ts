/** Opens the task detail over the current view; the detail route reads `backdrop` to stay a modal. */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

export function useOpenTask() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (taskId: number) => navigate(`/tasks/${taskId}`, { state: { backdrop: location } }),
    [navigate, location],
  );
}
