import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_NAME, imageUrl, readSiteData, toSiteData } from './site-data.ts';

describe('site data', () => {
  describe('from the files in content/site/', () => {
    it('shows the site name, four features, six team members and three resources', () => {
      const data = readSiteData();
      expect(data.site.name).toBe('SciTrek');
      expect([data.gallery.length, data.team.length, data.resources.length]).toEqual([4, 6, 3]);
    });

    it('serves bare image names from /images/', () => {
      const data = readSiteData();
      expect(data.team[0]!.image).toBe('/images/team-norbert-reich.svg');
      expect(data.gallery[0]!.media.src).toBe('/images/gallery-dnmt3a.webm');
    });
  });

  it('counts a video as moving media even when "animated" is not set', () => {
    const data = toSiteData({
      'gallery.json': [{ id: 'a', title: 'A', description: 'B', media: { type: 'video', src: 'a.webm', alt: 'C' }, link: { href: 'https://example.org/', label: 'D' } }],
    });
    expect(data.gallery[0]!.media).toEqual({ type: 'video', src: '/images/a.webm', alt: 'C', animated: true });
  });

  it('reads a file not written yet as empty, with the default site name', () => {
    expect(toSiteData({})).toEqual({ site: { name: DEFAULT_SITE_NAME, tagline: '' }, gallery: [], team: [], resources: [] });
  });

  it('keeps paths and full addresses of images as they are', () => {
    expect([imageUrl('/media/a.png'), imageUrl('https://example.org/a.png'), imageUrl('images/a.png')]).toEqual(['/media/a.png', 'https://example.org/a.png', '/images/a.png']);
  });
});
