import { lazy, Suspense, type ComponentType } from 'react';
import messages from '../../content/locales/en/engine.json';
import { useMessages } from '../i18n/messages.ts';

/**
 * A widget whose manifest says `"loading": "lazy"` (engine/widgets/widget.schema.json): its code is a file
 * of its own, fetched the first time a lesson renders it, while the rest of the lesson is already on the
 * page. Until it arrives its place reads "Loading…" (`lazyWidget.loading`), marked busy for screen readers. A failed download
 * throws to the widget's own error boundary (engine/widgets/widget-boundary/), not to the page.
 *
 * @param tag - the widget's MDX tag, which is also the name its module exports it under
 * @param load - the dynamic import of the widget's module, e.g. `() => import('./atlas-viewer/index.ts')`
 * @returns a component taking the widget's props
 */
export function lazyWidget(tag: string, load: () => Promise<Record<string, unknown>>): ComponentType<Record<string, unknown>> {
  const Widget = lazy(async () => {
    const module = await load();
    const component = module[tag];
    if (typeof component !== 'function' && typeof component !== 'object') throw new Error(`The module of <${tag}> exports no component named ${tag}.`);
    return { default: component as ComponentType<Record<string, unknown>> };
  });
  function LazyWidget(props: Record<string, unknown>) {
    const t = useMessages(messages);
    return (
      <Suspense
        fallback={
          <p className="lazy-widget" aria-busy="true">
            {t('lazyWidget.loading')}
          </p>
        }
      >
        <Widget {...props} />
      </Suspense>
    );
  }
  LazyWidget.displayName = `Lazy(${tag})`;
  return LazyWidget;
}
