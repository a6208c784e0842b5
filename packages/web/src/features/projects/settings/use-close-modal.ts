/**
 * Route modals close by going back when the app navigated to them, else to the page behind them
 * (opened by link or reload, there is no entry to go back to).
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

export function useCloseModal(fallback: string): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key !== 'default' && window.history.length > 1) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, location.key, fallback]);
}
