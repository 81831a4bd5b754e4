import { createElement, lazy, type ComponentType, type ReactNode } from 'react';

export type PreloadableComponent = ComponentType & { preload: () => Promise<unknown> };
export type Wrapper = ComponentType<{ children: ReactNode }>;

/**
 * React.lazy for a named export, with a preload(): once preloaded, the page renders without
 * suspending, so the first render after start-up commits the real page in one go (no flash).
 * `wrapper` loads a provider into the same lazy step (e.g. antd's ConfigProvider for pages using antd).
 */
export const lazyNamed = <M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M,
  wrapper?: () => Promise<Wrapper>,
): PreloadableComponent => {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () =>
    (pending ??= Promise.all([load(), wrapper?.()]).then(([module, Wrap]) => {
      const Page = module[name] as ComponentType;
      loaded = Wrap ? () => createElement(Wrap, null, createElement(Page)) : Page;
      return loaded;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Component = () => createElement(loaded ?? Lazy);
  return Object.assign(Component, { preload });
};
