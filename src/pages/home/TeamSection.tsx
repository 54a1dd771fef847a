import messages from '../../../content/locales/en/app.json';
import { useMessages } from '../../../engine/index.ts';
import type { TeamMember } from '../../site/site-data.ts';

/**
 * "Meet Our Team" (docs/requirements.md#home-page): each person's photo, name and title. Photos are decorative next to
 * the name (empty alt); a photo that fails to load leaves the person's initials on a coloured disc. The
 * heading is in the reader's language (`home.teamHeading` of content/locales/LOCALE/app.json).
 */
export function TeamSection({ members }: { members: readonly TeamMember[] }) {
  const t = useMessages(messages);
  return (
    <section className="home-section" aria-labelledby="team-heading">
      <h2 id="team-heading" className="home-section__heading">
        {t('home.teamHeading')}
      </h2>
      <ul className="team-grid">
        {members.map((member) => (
          <li key={member.id} className="team-card">
            <span className="team-card__photo" data-initials={initialsOf(member.name)}>
              <img src={member.image} alt="" width="112" height="112" loading="lazy" onError={hidePhoto} />
            </span>
            <h3 className="team-card__name">{member.name}</h3>
            <p className="team-card__title">{member.title}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Dr. Norbert Reich" → "NR": the first letters of the first and last names, titles skipped. */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .filter((word) => word && !/^(dr|prof|mr|mrs|ms)\.?$/i.test(word));
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase();
}

/** A missing photo leaves the initials behind it showing. */
function hidePhoto(event: { currentTarget: HTMLImageElement }): void {
  event.currentTarget.style.visibility = 'hidden';
}
