import messages from '../../../content/locales/en/app.json';
import { useMessages } from '../../../engine/index.ts';
import { LessonLink } from '../../layout/LessonLink.tsx';
import { hideBrokenImage } from '../../layout/hide-broken-image.ts';
import type { Resource } from '../../site/site-data.ts';

/**
 * "Bioinformatics Resources" (docs/requirements.md#home-page): the external tools, each opening in a new
 * tab. The heading and "Visit …" are in the reader's language (content/locales/LOCALE/app.json).
 */
export function ResourcesSection({ resources }: { resources: readonly Resource[] }) {
  const t = useMessages(messages);
  return (
    <section className="home-section" aria-labelledby="resources-heading">
      <h2 id="resources-heading" className="home-section__heading">
        {t('home.resourcesHeading')}
      </h2>
      <ul className="resource-grid">
        {resources.map((resource) => (
          <li key={resource.id} className="resource-card">
            <img className="resource-card__image" src={resource.image} alt="" loading="lazy" onError={hideBrokenImage} />
            <div className="resource-card__body">
              <h3 className="resource-card__title">{resource.title}</h3>
              <p className="resource-card__description">{resource.description}</p>
              <LessonLink className="button button--secondary resource-card__link" href={resource.link}>
                {t('home.visitResource', { title: resource.title })}
              </LessonLink>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
