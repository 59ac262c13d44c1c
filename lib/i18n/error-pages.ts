/**
 * The words of the error pages, apart from the rest of the dictionaries (which include them): the error pages
 * are bundled on their own and must not carry the whole dictionary to every page.
 */
export const ERROR_PAGE_WORDS = {
  en: {
    "errors.toEvenings": "Your evenings",
    "errors.home": "Home",
    "errors.title": "Something went wrong",
    "errors.body":
      "Something went wrong on our side while showing this page. Nothing was saved. Try again in a moment.",
    "errors.reference": "Reference",
    "errors.retry": "Try again",
  },
  sv: {
    "errors.toEvenings": "Dina kvällar",
    "errors.home": "Start",
    "errors.title": "Något gick fel",
    "errors.body": "Något gick fel hos oss när sidan skulle visas. Inget sparades. Försök igen om en stund.",
    "errors.reference": "Referens",
    "errors.retry": "Försök igen",
  },
} as const;
