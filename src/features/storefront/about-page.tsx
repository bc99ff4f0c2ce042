import { team } from './team'

export function AboutPage() {
  return (
    <div className="about-page">
      <section className="about-intro" aria-labelledby="about-title">
        <h1 id="about-title">About us</h1>
        <p className="lead">
          Instrument Shop is an e-commerce for selling and distributing musical instruments:
          guitars, basses, drums, keyboards, wind and strings, new and used, shipped from our store
          to your door.
        </p>
        <p>
          We are musicians as much as developers. We built the shop so that finding, comparing and
          buying an instrument is as simple as picking it up in a store, with honest descriptions,
          real reviews from buyers and a team you can write to.
        </p>
      </section>
      <section aria-labelledby="team-title">
        <h2 id="team-title">Our team</h2>
        <ul className="team-grid">
          {team.map((person) => (
            <li key={person.name} className="team-card">
              <img
                src={person.image}
                alt=""
                width={120}
                height={120}
                loading="lazy"
                decoding="async"
              />
              <h3>{person.name}</h3>
              <p className="muted">{person.occupation}</p>
              <ul className="team-links">
                <li>
                  <a
                    href={person.github}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${person.name} on GitHub (opens in a new tab)`}
                  >
                    GitHub
                  </a>
                </li>
                <li>
                  <a
                    href={person.linkedin}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${person.name} on LinkedIn (opens in a new tab)`}
                  >
                    LinkedIn
                  </a>
                </li>
              </ul>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
