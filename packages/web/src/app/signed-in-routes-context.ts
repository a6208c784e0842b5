/**
 * The signed-in route table, handed to the shells' BackdropOutlet by the route table's root
 * (routes.tsx). The shells are imported by that table (lazily), so importing the table back from
 * them would tie the modules in a cycle.
 */
import { createContext } from 'react';
import type { RouteObject } from 'react-router';

export const SignedInRoutesContext = createContext<RouteObject[]>([]);
