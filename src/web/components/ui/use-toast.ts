import { useEffect, useState, type ReactNode } from 'react';
import { TOAST_LIMIT } from '#shared/limits.js';
import type { ToastActionElement, ToastProps } from './toast.js';

// How long a dismissed toast stays mounted so its closing animation can finish.
const REMOVE_DELAY_MS = 1000;

export interface ToasterToast extends Omit<ToastProps, 'title'> {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ToastActionElement;
}

export type ToastInput = Omit<ToasterToast, 'id'>;

interface State {
  toasts: ToasterToast[];
}

type Action =
  | { type: 'add'; toast: ToasterToast }
  | { type: 'update'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'dismiss'; id?: string }
  | { type: 'remove'; id?: string };

let count = 0;
const nextId = () => String((count = (count + 1) % Number.MAX_SAFE_INTEGER));

const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: 'remove', id });
    }, REMOVE_DELAY_MS),
  );
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'add':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'update':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'dismiss':
      for (const t of state.toasts) if (action.id === undefined || t.id === action.id) scheduleRemoval(t.id);
      return {
        toasts: state.toasts.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t)),
      };
    case 'remove':
      return { toasts: action.id === undefined ? [] : state.toasts.filter((t) => t.id !== action.id) };
  }
}

const listeners = new Set<(state: State) => void>();
let memoryState: State = { toasts: [] };

function dispatch(action: Action) {
  memoryState = reducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

/** Shows a toast; callable from anywhere (hooks, mutation callbacks), not only from components. */
export function toast(input: ToastInput) {
  const id = nextId();
  const dismiss = () => dispatch({ type: 'dismiss', id });
  dispatch({
    type: 'add',
    toast: {
      ...input,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update: (next: ToastInput) => dispatch({ type: 'update', toast: { ...next, id } }) };
}

export function useToast() {
  const [state, setState] = useState<State>(memoryState);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { ...state, toast, dismiss: (id?: string) => dispatch({ type: 'dismiss', id }) };
}
