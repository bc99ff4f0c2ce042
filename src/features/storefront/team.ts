export interface TeamMember {
  name: string
  occupation: string
  image: string
  github: string
  linkedin: string
}

const member = (name: string, occupation: string, slug: string): TeamMember => ({
  name,
  occupation,
  image: `/images/team/${slug}.svg`,
  github: `https://github.com/${slug}`,
  linkedin: `https://www.linkedin.com/in/${slug}`,
})

export const team: TeamMember[] = [
  member('Lucía Fernández', 'Full-stack developer', 'lucia-fernandez'),
  member('Mateo Gómez', 'Back-end developer', 'mateo-gomez'),
  member('Valentina Ruiz', 'Front-end developer', 'valentina-ruiz'),
  member('Santiago Díaz', 'Full-stack developer', 'santiago-diaz'),
  member('Camila Torres', 'UX/UI designer and front-end developer', 'camila-torres'),
  member('Joaquín Herrera', 'Back-end developer', 'joaquin-herrera'),
  member('Martina López', 'Full-stack developer', 'martina-lopez'),
]
