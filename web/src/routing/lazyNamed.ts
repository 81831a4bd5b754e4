import { createElement, lazy, type ComponentType } from 'react';

export type PreloadableComponent = ComponentType & { preload: () => Promise<unknown> };

/**
 * React.lazy for a named export, with a preload(): once preloaded, the page renders without
 * suspending, so the first render after start-up commits the real page in one go (no flash).
 */
export const lazyNamed = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M): PreloadableComponent => {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module[name] as ComponentType;
      return loaded;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Component = () => createElement(loaded ?? Lazy);
  return Object.assign(Component, { preload });
};
