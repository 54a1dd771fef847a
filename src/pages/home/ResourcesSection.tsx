import { LessonLink } from '../../layout/LessonLink.tsx';
import { hideBrokenImage } from '../../layout/hide-broken-image.ts';
import type { Resource } from '../../site/site-data.ts';

/** "Bioinformatics Resources" (docs/requirements.md#home-page): the external tools, each opening in a new tab. */
export function ResourcesSection({ resources }: { resources: readonly Resource[] }) {
  return (
    <section className="home-section" aria-labelledby="resources-heading">
      <h2 id="resources-heading" className="home-section__heading">
        Bioinformatics Resources
      </h2>
      <ul className="resource-grid">
        {resources.map((resource) => (
          <li key={resource.id} className="resource-card">
            <img className="resource-card__image" src={resource.image} alt="" loading="lazy" onError={hideBrokenImage} />
            <div className="resource-card__body">
              <h3 className="resource-card__title">{resource.title}</h3>
              <p className="resource-card__description">{resource.description}</p>
              <LessonLink className="button button--secondary resource-card__link" href={resource.link}>
                Visit {resource.title}
              </LessonLink>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
