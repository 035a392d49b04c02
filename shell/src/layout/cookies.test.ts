import { createStore } from 'jotai';
import { cookiesAcceptedAtom } from './cookies';

describe('cookie banner flag', () => {
  beforeEach(() => localStorage.clear());

  it('remembers the cookie banner was accepted (cookiesAccepted)', () => {
    createStore().set(cookiesAcceptedAtom, true);
    expect(localStorage.getItem('cookiesAccepted')).toBe('true');
    jest.isolateModules(() => {
      const fresh = require('./cookies') as typeof import('./cookies');
      expect(createStore().get(fresh.cookiesAcceptedAtom)).toBe(true);
    });
  });
});
