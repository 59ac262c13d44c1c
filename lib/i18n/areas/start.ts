/** The home page, joining an evening by invite and the list of evenings. */
export const en = {
  "home.title": "The chalk slate, on your phones",
  "home.lead":
    "Protokoll keeps score at a real card table. Enter each deal — who played or knocked, who passed, the " +
    "cards bought, the tricks taken — and it works out the scores, the limpa lines, trumftvång, whose " +
    "deal it is and who won, exactly by the rules.",
  "home.how": "How to start",
  "home.step1": "Sign up with a username and a password — it takes ten seconds.",
  "home.step2": "Start an evening: pick Knektpass or Norrlands-Knack and write the players in seat order.",
  "home.step3": "Enter each deal as it is played. Others at the table can join from their own phones.",
  "home.cta": "Create an account",
  "home.ctaSignedIn": "Go to your evenings",
  "home.haveAccount": "Already have an account?",
  "evenings.title": "Your evenings",
  "evenings.new": "New evening",
  "evenings.empty": "No evenings yet. Start one when the cards come out.",
  "evenings.owner": "yours",
  "evenings.member": "member",
  "join.title": "Join {title}",
  "join.lead": "{owner} invites you to enter deals for this evening.",
  "join.button": "Join the evening",
  "join.invalid": "This invite link is not valid (any more). Ask for a new one.",
  "join.signIn": "Sign in to join",
  "join.signUp": "Create an account to join",
} as const;

export const sv: Record<keyof typeof en, string> = {
  "home.title": "Griffeltavlan, i telefonerna",
  "home.lead":
    "Protokoll för poängen vid ett riktigt kortbord. Skriv in varje giv — vem som spelade eller knackade, " +
    "vem som lurade, köpta kort, tagna stick — så räknar det ut poängen, limporna, trumftvånget, vem som " +
    "ger och vem som vann, precis enligt reglerna.",
  "home.how": "Så kommer ni igång",
  "home.step1": "Skapa ett konto med användarnamn och lösenord — det tar tio sekunder.",
  "home.step2": "Starta en kväll: välj Knektpass eller Norrlands-Knack och skriv spelarna i sittordning.",
  "home.step3": "Skriv in varje giv när den spelats. Andra vid bordet kan vara med från sina telefoner.",
  "home.cta": "Skapa ett konto",
  "home.ctaSignedIn": "Till dina kvällar",
  "home.haveAccount": "Har du redan ett konto?",
  "evenings.title": "Dina kvällar",
  "evenings.new": "Ny kväll",
  "evenings.empty": "Inga kvällar än. Starta en när korten kommer fram.",
  "evenings.owner": "din",
  "evenings.member": "medlem",
  "join.title": "Gå med i {title}",
  "join.lead": "{owner} bjuder in dig att skriva in givar i kväll.",
  "join.button": "Gå med",
  "join.invalid": "Den här inbjudningslänken gäller inte (längre). Be om en ny.",
  "join.signIn": "Logga in för att gå med",
  "join.signUp": "Skapa konto för att gå med",
};
