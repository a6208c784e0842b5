/**
 * Collects the API routes as Fastify registers them, so the permission catalogue (`GET /routes`)
 * and the per-request token check both follow the routes that actually exist: a feature that is
 * switched off has no routes and so no permissions.
 */
import { PermissionRegistry, type TokenRoute } from '@ordo/core';
import type { FastifyInstance } from 'fastify';

const API_PREFIX = '/api/v1/';

export class ApiRouteRegistry {
  readonly #routes: TokenRoute[] = [];
  #registry: PermissionRegistry | null = null;

  /** Call before the API routes are registered. */
  collectFrom(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      // Public routes need no token, so no token permission; the docs are public too.
      if (!route.url.startsWith(API_PREFIX) || route.url.startsWith(`${API_PREFIX}docs`)) return;
      if (route.config?.public) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) this.#routes.push({ method, path: route.url });
      this.#registry = null;
    });
  }

  /** Built on first use, once every route is registered. */
  get permissions(): PermissionRegistry {
    this.#registry ??= new PermissionRegistry(this.#routes);
    return this.#registry;
  }
}
