echo install
