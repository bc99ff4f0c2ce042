import { shopInfo } from '../../lib/shop-info'
import { useSession } from '../../stores/session'

export function ChatLink() {
  const userName = useSession()?.userName
  const greeting = userName
    ? `Hello! I'm ${userName} and I have a question about an instrument.`
    : 'Hello! I have a question about an instrument.'
  return (
    <a
      className="chat-link"
      href={`https://wa.me/${shopInfo.chatNumber}?text=${encodeURIComponent(greeting)}`}
      target="_blank"
      rel="noopener noreferrer"
    >
      <span className="visually-hidden">Chat with us on WhatsApp (opens in a new tab)</span>
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <path
          fill="currentColor"
          d="M16 3a13 13 0 0 0-11.2 19.6L3 29l6.6-1.7A13 13 0 1 0 16 3zm0 23.6c-2 0-4-.6-5.7-1.6l-.4-.2-3.9 1 1-3.8-.3-.4A10.6 10.6 0 1 1 16 26.6zm5.8-7.9c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1 1.2-.4.2-.7.1a8.7 8.7 0 0 1-4.3-3.8c-.3-.6.3-.5 1-1.7.1-.2 0-.4 0-.5l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6a1.2 1.2 0 0 0-.9.4 3.7 3.7 0 0 0-1.1 2.7 6.4 6.4 0 0 0 1.3 3.4 14.6 14.6 0 0 0 5.6 5c2.1.9 2.9 1 4 .8a3.4 3.4 0 0 0 2.2-1.6 2.8 2.8 0 0 0 .2-1.6c-.1-.2-.3-.2-.6-.4z"
        />
      </svg>
    </a>
  )
}
