/** The go-to sequences of the main navigation (g o, g u, g p, g a, g m), bound for the whole shell. */
import { useNavigate } from 'react-router';
import { goToShortcuts } from './shortcut-catalogue';
import { useShortcut } from './shortcuts';

function GoTo({ path, shortcut }: { path: string; shortcut: string }) {
  const navigate = useNavigate();
  useShortcut(shortcut, () => navigate(path));
  return null;
}

export function GoToShortcuts() {
  return goToShortcuts.map(({ path, shortcut }) => <GoTo key={shortcut} path={path} shortcut={shortcut} />);
}
