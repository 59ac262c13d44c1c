"use client";

// An error on a page of the table: the site's error page, under the header.
export { default } from "../error";
