import { apiRequest } from './client';
import type { Message, User } from './types';

export interface LoginInput {
  username: string;
  password: string;
  longToken: boolean;
  totpPasscode?: string;
}

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  language: string;
}

export function login(input: LoginInput): Promise<{ token: string }> {
  return apiRequest('POST', '/login', { body: input });
}

export function register(input: RegisterInput): Promise<User> {
  return apiRequest('POST', '/register', { body: input });
}

export function logout(): Promise<Message> {
  return apiRequest('POST', '/user/logout');
}

export function renewToken(): Promise<{ token: string }> {
  return apiRequest('POST', '/user/token');
}
