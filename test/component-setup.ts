// Component tests render with the app's own stylesheet (Tailwind), so what CSS decides (which
// themed icon shows, a dashed or solid badge, what is hidden) is seen as a person would see it.
import "@/app/globals.css";
